import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (apps/server) serves the built app from apps/web/dist on the same origin,
// so the API client uses relative /api paths; in development Vite forwards them.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@/…` is apps/web/src (also in tsconfig.json `paths` and the web project of vitest.config.ts).
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
