import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveDates, tripPhase } from '../../src/lib/trip-dates.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { effectiveArrival, effectiveDelivery, tripPhaseIs } from '../../src/server/domain/trips/trip-dates-sql.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
}, 60_000);
afterAll(() => database?.close());

const day = fc.date({ min: new Date('2023-12-25T00:00:00Z'), max: new Date('2026-01-10T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const trip = fc.record({
  arrival_date: day,
  delivery_date: day,
  updated_arrival_date: fc.option(day, { nil: null }),
  updated_delivery_date: fc.option(day, { nil: null }),
  status: fc.constantFrom('ACTIVE', 'CANCELLED'),
});

/**
 * Evaluates the SQL expressions on one trip given as a row named `trips` (the table's columns),
 * so the expressions run exactly as the queries that embed them.
 */
async function inSql(t: Parameters<typeof tripPhase>[0], today: string) {
  const { rows } = (await database.db.execute(sql`
    select ${effectiveArrival}::text as arrival, ${effectiveDelivery}::text as delivery,
           ${tripPhaseIs('ACTIVE', today)} as active, ${tripPhaseIs('FINISHED', today)} as finished,
           ${tripPhaseIs('CANCELLED', today)} as cancelled
    from (values (${t.arrival_date}::date, ${t.delivery_date}::date, ${t.updated_arrival_date}::date,
                  ${t.updated_delivery_date}::date, ${t.status}::text))
      as trips (arrival_date, delivery_date, updated_arrival_date, updated_delivery_date, status)`)) as unknown as {
    rows: { arrival: string; delivery: string; active: boolean; finished: boolean; cancelled: boolean }[];
  };
  return rows[0];
}

describe('the trip-dates SQL', () => {
  it('agrees with effectiveDates and tripPhase on every trip and day', async () => {
    await fc.assert(
      fc.asyncProperty(trip, day, async (t, today) => {
        const row = await inSql(t, today);
        const dates = effectiveDates(t);
        expect({ arrival: row.arrival, delivery: row.delivery }).toEqual({ arrival: dates.arrival, delivery: dates.delivery });
        const phase = tripPhase(t, today);
        expect({ ACTIVE: row.active, FINISHED: row.finished, CANCELLED: row.cancelled }).toEqual({
          ACTIVE: phase === 'ACTIVE',
          FINISHED: phase === 'FINISHED',
          CANCELLED: phase === 'CANCELLED',
        });
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
