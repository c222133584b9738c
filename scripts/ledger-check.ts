/**
 * `npm run ledger:check`: every journal sums to zero, and each order's escrow holds exactly what
 * its buyer paid while the order is in flight (nothing otherwise). Reads DATABASE_URL, or the
 * embedded database in DATA_DIR — stop the server first: PGlite is one process's database.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { checkLedger } from '../src/server/domain/ledger/ledger.ts';
import { holdsEscrow } from '../src/server/domain/orders/machine.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await checkLedger(database.db, holdsEscrow);
  for (const p of report.problems) console.error(`  ${p.kind}: ${p.detail}`);
  console.log(`ledger: ${report.journals} journals, ${report.problems.length} problems (${database.kind})`);
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await database.close();
}
