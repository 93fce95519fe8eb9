import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { endpointAddresses } from './build/endpoint-addresses.ts';
import { chunkGroups } from './build/chunk-groups.ts';
import { signedInPreload } from './build/signed-in-preload.ts';
import { fullCalendarStyles } from './build/fullcalendar-styles.ts';
import { zodJitless } from './build/zod-jitless.ts';

/** Preloads the two font files every page paints with (see src/ui/fonts.css). */
const preloadFonts = (): Plugin => ({
  name: 'crm-preload-fonts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      Object.keys(bundle ?? {})
        .filter((file) => /inter-(cyrillic|latin)-wght-400-700-[\w-]+\.woff2$/.test(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        })),
  },
});

/**
 * Pages with an HTML entry of their own (login.html for /login): the dev server answers their
 * path with it, as the built server does; every other path gets the app's index.html.
 */
const ownPages = (): Plugin => ({
  name: 'crm-own-pages',
  apply: 'serve',
  configureServer: (server) => {
    server.middlewares.use((req, _res, next) => {
      const [path = '', query] = (req.url ?? '').split('?');
      if (path.replace(/\/+$/, '') === '/login') req.url = `/login.html${query ? `?${query}` : ''}`;
      next();
    });
  },
});

// The server (apps/server) serves the built app from apps/web/dist on the same origin,
// so the API client uses relative /api paths; in development Vite forwards them.
export default defineConfig({
  plugins: [
    react(),
    preloadFonts(),
    signedInPreload(),
    ownPages(),
    endpointAddresses(),
    zodJitless(),
    fullCalendarStyles(),
  ],
  resolve: {
    alias: [
      // `@/…` is apps/web/src (also in tsconfig.json `paths` and the web project of vitest.config.ts).
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // react-toastify's default build writes its CSS into a <style> element, which the pages' CSP
      // refuses: every import gets the unstyled build (one toast store), and ui/toasts.tsx its CSS file.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: {
    port: 5173,
    // API_URL points a second dev server at another API (parallel work on one machine).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // Every browser the app supports knows modulepreload; the polyfill was a request of its own.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      // The app, and the sign-in page's own small entry (src/login.tsx).
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: { codeSplitting: { groups: chunkGroups() } },
    },
  },
});
