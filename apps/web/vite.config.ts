import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Preloads the two font files every page paints with (see src/ui/fonts.css). */
const preloadFonts = (): Plugin => ({
  name: 'crm-preload-fonts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      Object.keys(bundle ?? {})
        .filter((file) => /inter-(cyrillic|latin)-wght-normal-[\w-]+\.woff2$/.test(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        })),
  },
});

/**
 * Preloads, from index.html, the main layout's chunk and everything it imports: every signed-in
 * page needs them, and found only once the app's script has run they would queue behind it
 * (dozens of small files over a phone's few connections). Listed, they load beside the entry.
 */
const preloadLayout = (): Plugin => ({
  name: 'crm-preload-layout',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle, chunk }) => {
      if (!bundle || !chunk || !chunk.facadeModuleId?.endsWith('/index.html')) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const layout = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/layout/main-layout.tsx'));
      if (!layout) throw new Error('crm-preload-layout: no chunk for app/layout/main-layout.tsx');
      const seen = new Set<string>([chunk.fileName, ...chunk.imports]);
      const files: string[] = [];
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        files.push(fileName);
        const c = chunks.find((x) => x.fileName === fileName);
        for (const next of c?.imports ?? []) visit(next);
      };
      visit(layout.fileName);
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
        injectTo: 'head' as const,
      }));
    },
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
  plugins: [react(), preloadFonts(), preloadLayout(), ownPages()],
  resolve: {
    // `@/…` is apps/web/src (also in tsconfig.json `paths` and the web project of vitest.config.ts).
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    port: 5173,
    // API_URL points a second dev server at another API (parallel work on one machine).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The app, and the sign-in page's own small entry (src/login.tsx).
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
    },
  },
});
