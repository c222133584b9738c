import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { astroImports, checkDependencies } from '../../scripts/dependency-lint.ts';

const trees: string[] = [];
afterEach(() => {
  for (const t of trees.splice(0)) rmSync(t, { recursive: true, force: true });
});

/** A throw-away src tree: path (under src/) → content. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'dependency-lint-test-'));
  trees.push(root);
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return join(root, 'src');
}

const byRule = async (src: string) => Object.fromEntries((await checkDependencies(src)).map((r) => [r.rule, r.violations]));

const clean = {
  'server/domain/view.ts': "import type { Shape } from '../../lib/views/shape.ts';\nexport const view = (): Shape => ({ id: 1 });\n",
  'lib/views/shape.ts': 'export interface Shape { id: number }\n',
  'islands/Card.tsx': "import type { Shape } from '../lib/views/shape.ts';\nexport const Card = (p: Shape) => p.id;\n",
  'components/Card.astro': "---\nimport type { Shape } from '../lib/views/shape.ts';\nimport Inner from './Inner.astro';\n---\n<Inner />\n",
  'components/Inner.astro': '---\nconst x = 1;\n---\n<p>{x}</p>\n',
  'pages/index.astro': "---\nimport { view } from '../server/domain/view.ts';\nimport Card from '../components/Card.astro';\n---\n<Card {...view()} />\n",
};

describe('dependency lint', () => {
  it('passes a tree where only pages and the server import the server', async () => {
    const results = await byRule(tree(clean));
    expect(results).toEqual({ 'lib-only-lib': [], 'islands-not-server': [], 'components-not-server': [], 'no-cycle': [] });
  });

  it('flags lib importing outside lib, islands and components importing the server, type-only imports and .astro frontmatter included', async () => {
    const results = await byRule(
      tree({
        ...clean,
        'lib/format.ts': "import type { view } from '../server/domain/view.ts';\nexport type V = typeof view;\n",
        'lib/card.ts': "export { Card } from '../islands/Card.tsx';\n",
        'islands/Form.tsx': "import { view } from '../server/domain/view.ts';\nexport const f = view;\n",
        'components/Leak.astro': "---\nimport { view } from '../server/domain/view.ts';\n---\n<p>{view().id}</p>\n",
      }),
    );
    expect(results['lib-only-lib']).toEqual(['src/lib/card.ts → src/islands/Card.tsx', 'src/lib/format.ts → src/server/domain/view.ts']);
    expect(results['islands-not-server']).toEqual(['src/islands/Form.tsx → src/server/domain/view.ts']);
    expect(results['components-not-server']).toEqual(['src/components/Leak.astro → src/server/domain/view.ts']);
    expect(results['no-cycle']).toEqual([]);
  });

  it('flags an import cycle anywhere in src, through .astro files too', async () => {
    const results = await byRule(
      tree({
        ...clean,
        'server/domain/a.ts': "import { b } from './b.ts';\nexport const a = () => b();\n",
        'server/domain/b.ts': "import type { a } from './a.ts';\nexport const b = (): ReturnType<typeof a> | 1 => 1;\n",
        'components/Outer.astro': "---\nimport Back from './Back.astro';\n---\n<Back />\n",
        'components/Back.astro': "---\nimport Outer from './Outer.astro';\n---\n<Outer />\n",
      }),
    );
    const cycles = results['no-cycle'];
    expect(cycles.some((c: string) => c.includes('src/server/domain/a.ts') && c.includes('src/server/domain/b.ts'))).toBe(true);
    expect(cycles.some((c: string) => c.includes('src/components/Outer.astro') && c.includes('src/components/Back.astro'))).toBe(true);
  });
});

describe('imports of an .astro file', () => {
  it('reads the frontmatter and <script> blocks, not the markup', () => {
    const source = [
      '---',
      "import Base from '../layouts/Base.astro';",
      "import { a, b } from '../lib/x.ts';",
      "import type { T } from '../lib/views/index.ts';",
      "const mod = await import('../lib/lazy.ts');",
      '---',
      '<p>import nothing from "./markup.ts"</p>',
      "<script>import { boot } from '../lib/boot.ts';</script>",
    ].join('\n');
    expect(astroImports(source).trim().split('\n')).toEqual([
      "import '../layouts/Base.astro';",
      "import '../lib/x.ts';",
      "import type {} from '../lib/views/index.ts';",
      "import '../lib/lazy.ts';",
      "import '../lib/boot.ts';",
    ]);
  });

  it('is empty for a file without imports', () => {
    expect(astroImports('<p>hello</p>\n').trim()).toBe('');
  });
});
