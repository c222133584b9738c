/**
 * `npm run lint`: the dependency rules of scripts/dependency-lint.ts over src, one line per rule.
 * `--json FILE` also writes `{ passed, failed }` (one count per rule) for `npm test`'s summary.
 * Exits non-zero when any rule is broken.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDependencies } from './dependency-lint.ts';

const root = new URL('..', import.meta.url).pathname;
const results = await checkDependencies(join(root, 'src'));
for (const r of results) {
  console.log(`${r.violations.length ? '✗' : '✓'} ${r.rule}: ${r.comment}`);
  for (const v of r.violations) console.log(`    ${v}`);
}
const failed = results.filter((r) => r.violations.length).length;
const passed = results.length - failed;
console.log(`lint: ${passed} passed, ${failed} failed`);
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ passed, failed }));
process.exit(failed ? 1 : 0);
