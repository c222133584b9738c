import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUYER_SERVICE_FEE_PERCENT,
  buyerTotals,
  lineTotal,
  orderTotals,
  percentOf,
  perUnitPrice,
  travelerTotals,
} from '../../src/lib/money/index.ts';

const rupiah = fc.integer({ min: 0, max: 100_000_000_000 });
const percent = fc.integer({ min: 0, max: 100 });
const amounts = fc.record({ productPrice: rupiah, travelerTip: rupiah, shippingFee: rupiah });

describe('money rules (SPEC §9)', () => {
  it('matches the worked examples', () => {
    // Rp 250.000 × 2 + tip 25.000 + shipping 18.000 = 543.000
    const t = orderTotals({ productPrice: lineTotal(250_000, 2), travelerTip: 25_000, shippingFee: 18_000 }, 5);
    expect(t.sum).toBe(543_000);
    expect(t.serviceFee).toBe(27_150);
    expect(t.totalPrice).toBe(570_150);
    expect(t.platformFee).toBe(27_150);
    expect(t.travelerTotal).toBe(515_850);
    // Fees round down: 5 % of 19.999 is 999.95 → 999.
    expect(percentOf(19_999, 5)).toBe(999);
    expect(buyerTotals({ productPrice: 19_999, travelerTip: 0, shippingFee: 0 }).total).toBe(20_998);
    expect(perUnitPrice(100_000, 3)).toBe(33_333);
    expect(perUnitPrice(100_001, 2)).toBe(50_001); // 50.000,5 rounds half up
  });

  it('every figure is a whole, non-negative Rupiah amount', () => {
    fc.assert(
      fc.property(amounts, percent, (a, p) => {
        const t = orderTotals(a, p);
        for (const v of Object.values(t)) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('fees are the floor of the exact percentage: never more, less by under one Rupiah', () => {
    fc.assert(
      fc.property(rupiah, percent, (amount, p) => {
        const fee = percentOf(amount, p);
        const exact = (amount * p) / 100;
        expect(fee).toBeLessThanOrEqual(exact);
        expect(exact - fee).toBeLessThan(1);
      }),
    );
  });

  it('the buyer pays the sum plus the service fee; traveller and platform shares add up to it', () => {
    fc.assert(
      fc.property(amounts, percent, (a, p) => {
        const t = orderTotals(a, p);
        expect(t.sum).toBe(a.productPrice + a.travelerTip + a.shippingFee);
        expect(t.totalPrice).toBe(t.sum + percentOf(t.sum, BUYER_SERVICE_FEE_PERCENT));
        expect(t.travelerTotal + t.platformRevenue).toBe(t.totalPrice);
        expect(travelerTotals(a, p).total).toBe(t.sum - t.platformFee);
      }),
    );
  });

  it('a larger order never costs less or earns the traveller less', () => {
    fc.assert(
      fc.property(amounts, rupiah, percent, (a, extra, p) => {
        const more = { ...a, shippingFee: a.shippingFee + extra };
        expect(orderTotals(more, p).totalPrice).toBeGreaterThanOrEqual(orderTotals(a, p).totalPrice);
        expect(orderTotals(more, p).travelerTotal).toBeGreaterThanOrEqual(orderTotals(a, p).travelerTotal);
      }),
    );
  });

  it('per-unit bid price is the nearest whole Rupiah to total ÷ quantity', () => {
    fc.assert(
      fc.property(rupiah, fc.integer({ min: 1, max: 999 }), (total, qty) => {
        const unit = perUnitPrice(total, qty);
        expect(Math.abs(unit * qty - total)).toBeLessThanOrEqual(qty / 2);
      }),
    );
  });

  it('refuses fractions, negatives and out-of-range percentages instead of guessing', () => {
    expect(() => percentOf(10.5, 5)).toThrow(RangeError);
    expect(() => percentOf(-1, 5)).toThrow(RangeError);
    expect(() => percentOf(100, 5.5)).toThrow(RangeError);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
    expect(() => lineTotal(100, 0)).toThrow(RangeError);
    expect(() => perUnitPrice(100, 0)).toThrow(RangeError);
  });
});
