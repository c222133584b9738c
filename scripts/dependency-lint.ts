/**
 * The dependency directions of docs/architecture.md ("Layers"), checked with dependency-cruiser:
 * lib imports nothing of src outside itself; islands and components never import the server —
 * type imports included — and no import cycle exists anywhere in src.
 *
 * dependency-cruiser reads TypeScript and JavaScript but not `.astro` files, so the check runs on
 * a copy of the tree in which every `Foo.astro` becomes `Foo.astro.ts` holding the imports of its
 * frontmatter and `<script>` blocks: `import … from './Foo.astro'` then resolves to it and the
 * components' imports count like any other.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';

/** One rule of the lint; `from`/`to` are dependency-cruiser path patterns relative to the tree's root. */
export interface DependencyRule {
  name: string;
  comment: string;
  from: { path?: string };
  to: { path?: string; pathNot?: string; circular?: boolean };
}

export const DEPENDENCY_RULES: DependencyRule[] = [
  {
    name: 'lib-only-lib',
    comment: 'src/lib runs in the browser and on the server: it imports nothing of src outside itself (server, islands, components, pages).',
    from: { path: '^src/lib/' },
    to: { path: '^src/', pathNot: '^src/lib/' },
  },
  { name: 'islands-not-server', comment: 'Islands reach the server over HTTP (src/lib/api.ts), never by import.', from: { path: '^src/islands/' }, to: { path: '^src/server/' } },
  {
    name: 'components-not-server',
    comment: 'Components render what pages hand them, typed by src/lib/views; they never import src/server.',
    from: { path: '^src/components/' },
    to: { path: '^src/server/' },
  },
  { name: 'no-cycle', comment: 'No module depends on itself through others.', from: {}, to: { circular: true } },
];

export interface RuleResult {
  rule: string;
  comment: string;
  /** `from → to`, or the modules of a cycle joined by arrows; paths as in the source tree. */
  violations: string[];
}

const ASTRO_SHADOW = '.astro.ts';

/** The import statements of an .astro file: those of its frontmatter and of its `<script>` blocks. */
export function astroImports(source: string): string {
  const parts: string[] = [];
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (front) parts.push(front[1]);
  for (const m of source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) parts.push(m[1]);
  const statements: string[] = [];
  const pattern = /\bimport\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?(['"])([^'"\n]+)\2|\bimport\(\s*(['"])([^'"\n]+)\4\s*\)/g;
  for (const code of parts) {
    for (const m of code.matchAll(pattern)) {
      const spec = m[3] ?? m[5];
      statements.push(m[1] ? `import type {} from '${spec}';` : `import '${spec}';`);
    }
  }
  return statements.join('\n') + '\n';
}

/** Copies `srcDir` to a scratch directory as `<scratch>/src`, giving each .astro file its shadow. */
function stage(srcDir: string): string {
  const root = mkdtempSync(join(tmpdir(), 'dependency-lint-'));
  const target = join(root, 'src');
  cpSync(srcDir, target, { recursive: true, filter: (from) => !from.endsWith('.astro') });
  for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(join(target, relative(srcDir, file)) + '.ts', astroImports(readFileSync(file, 'utf8')));
  }
  return root;
}

const original = (path: string) => (path.endsWith(ASTRO_SHADOW) ? path.slice(0, -3) : path);

/** Runs every rule over the source tree `srcDir` (normally the project's src). */
export async function checkDependencies(srcDir: string, rules: DependencyRule[] = DEPENDENCY_RULES): Promise<RuleResult[]> {
  const root = stage(srcDir);
  try {
    const ruleSet: IFlattenedRuleSet = {
      forbidden: rules.map((r) => ({ name: r.name, comment: r.comment, severity: 'error' as const, from: r.from, to: r.to })),
    };
    const { output } = await cruise(['src'], {
      baseDir: root,
      validate: true,
      ruleSet,
      // Type-only imports count: a type taken from the server still ties the layers together.
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    });
    const result = output as ICruiseResult;
    return rules.map((r) => ({
      rule: r.name,
      comment: r.comment,
      violations: result.summary.violations
        .filter((v) => v.rule.name === r.name)
        .map((v) => (v.cycle ? [v.from, ...v.cycle.map((c) => c.name)] : [v.from, v.to]).map(original).join(' → ')),
    }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
