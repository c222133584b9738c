/**
 * `npm run ledger:check`: every journal sums to zero, each order's escrow holds exactly what
 * its buyer paid while the order is in flight (nothing otherwise), and `payouts:pending` holds
 * exactly the withdrawals not yet paid out or failed. Reads DATABASE_URL, or the
 * embedded database in DATA_DIR — stop the server first: PGlite is one process's database.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { checkLedger } from '../src/server/domain/ledger/ledger.ts';
import { holdsEscrow } from '../src/server/domain/orders/machine.ts';
import { checkPayouts } from '../src/server/domain/payouts/payouts.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await checkLedger(database.db, holdsEscrow);
  const problems = [...report.problems, ...(await checkPayouts(database.db))];
  for (const p of problems) console.error(`  ${p.kind}: ${p.detail}`);
  console.log(`ledger: ${report.journals} journals, ${problems.length} problems (${database.kind})`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  await database.close();
}
