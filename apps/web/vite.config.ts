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

// The server (apps/server) serves the built app from apps/web/dist on the same origin,
// so the API client uses relative /api paths; in development Vite forwards them.
export default defineConfig({
  plugins: [react(), preloadFonts()],
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
  },
});
