/**
 * The money rules of SPEC §9, in integer Rupiah, used by the browser (checkout, offers) and by
 * the server (orders, ledger) alike. Nothing else computes a fee or a total.
 *
 * Rounding: every fee is rounded DOWN to a whole Rupiah (floor), so the buyer never pays more
 * and the traveller never receives less than the exact percentage would give. Percentages are
 * whole numbers (5 means 5 %), so fee = floor(base × percent / 100) is exact integer arithmetic.
 */

/** The buyer's service fee: 5 % of the order's sum, rounded down (SPEC §9). */
export const BUYER_SERVICE_FEE_PERCENT = 5;
/** The traveller's platform fee when the server has not said otherwise (SPEC §9). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 5;
/** The largest amount any single order may reach: keeps every sum a safe integer. */
export const MAX_ORDER_AMOUNT = 1_000_000_000_000;

/**
 * Whether an order of these amounts stays within MAX_ORDER_AMOUNT, the buyer's total (service fee
 * included) counted exactly whatever the inputs (BigInt): the check every money input passes
 * before any fee is computed, so no sum ever leaves the safe integers. `lines` are price ×
 * quantity pairs summed into the product price.
 */
export function withinOrderMax(amounts: { lines?: readonly { price: number; quantity: number }[]; productPrice?: number; travelerTip?: number; shippingFee?: number }): boolean {
  const whole = (v: number) => (Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined);
  let sum = 0n;
  for (const v of [amounts.productPrice ?? 0, amounts.travelerTip ?? 0, amounts.shippingFee ?? 0]) {
    const b = whole(v);
    if (b === undefined) return false;
    sum += b;
  }
  for (const line of amounts.lines ?? []) {
    const price = whole(line.price);
    const quantity = whole(line.quantity);
    if (price === undefined || quantity === undefined) return false;
    sum += price * quantity;
  }
  return sum + (sum * BigInt(BUYER_SERVICE_FEE_PERCENT)) / 100n <= BigInt(MAX_ORDER_AMOUNT);
}

function assertRupiah(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative whole number of Rupiah`);
}

function assertPercent(percent: number) {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percent must be a whole number from 0 to 100');
}

/** floor(amount × percent / 100) without floating point. */
export function percentOf(amount: number, percent: number): number {
  assertRupiah(amount, 'amount');
  assertPercent(percent);
  return Math.floor((amount * percent) / 100);
}

export interface OrderAmounts {
  /** price × quantity, summed over the order's items */
  productPrice: number;
  travelerTip: number;
  shippingFee: number;
}

/** price × quantity + tip + shipping: the base every fee is taken from. */
export function orderSum({ productPrice, travelerTip, shippingFee }: OrderAmounts): number {
  for (const [name, v] of Object.entries({ productPrice, travelerTip, shippingFee })) assertRupiah(v, name);
  return productPrice + travelerTip + shippingFee;
}

/** What the buyer pays: the sum plus the 5 % service fee, rounded down. */
export function buyerTotals(amounts: OrderAmounts) {
  const sum = orderSum(amounts);
  const serviceFee = percentOf(sum, BUYER_SERVICE_FEE_PERCENT);
  return { sum, serviceFee, total: sum + serviceFee };
}

/** What the traveller earns: the sum minus the platform fee (floor(percent × sum)). */
export function travelerTotals(amounts: OrderAmounts, platformFeePercent: number) {
  const sum = orderSum(amounts);
  const platformFee = percentOf(sum, platformFeePercent);
  return { sum, platformFee, total: sum - platformFee };
}

/** Every figure of an order at once: what the buyer pays, what the traveller and the platform get. */
export function orderTotals(amounts: OrderAmounts, platformFeePercent: number) {
  const buyer = buyerTotals(amounts);
  const traveler = travelerTotals(amounts, platformFeePercent);
  return {
    productPrice: amounts.productPrice,
    travelerTip: amounts.travelerTip,
    shippingFee: amounts.shippingFee,
    sum: buyer.sum,
    serviceFee: buyer.serviceFee,
    totalPrice: buyer.total,
    platformFee: traveler.platformFee,
    travelerTotal: traveler.total,
    /** The platform keeps both fees; the three shares add up to what the buyer paid. */
    platformRevenue: buyer.serviceFee + traveler.platformFee,
  };
}

/** price × quantity for one line, checked. */
export function lineTotal(unitPrice: number, quantity: number): number {
  assertRupiah(unitPrice, 'unitPrice');
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a whole number of at least 1');
  const total = unitPrice * quantity;
  assertRupiah(total, 'line total');
  return total;
}

/** A request bid's price per unit: round(total_price / quantity) (SPEC §9), half up. */
export function perUnitPrice(totalPrice: number, quantity: number): number {
  assertRupiah(totalPrice, 'totalPrice');
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a whole number of at least 1');
  return Math.round(totalPrice / quantity);
}
