// Build and dev-server setup of the admin SPA. In development the API is proxied to the
// server so the app always talks to its own origin, exactly as when the server serves dist/.
// Vite loads this file through its module runner (`--configLoader runner` in package.json): the
// preload plugin's table of pages reads the list blockers' manifests from the contracts
// package, which is TypeScript source.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { adminVersionPlugin } from './admin-version-plugin.js';
import { pagePreloadPlugin } from './page-preload-plugin.js';

export default defineConfig({
  plugins: [react(), adminVersionPlugin(), pagePreloadPlugin()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      // The rating feedback page is the server's own page, like everything under /api.
      '/feedback.html': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Flags stay files of their own, fetched when shown: inlined, every one of the 250 would
    // ride along in the JavaScript of each page that shows any flag.
    assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined),
    rollupOptions: {
      output: {
        // Libraries every screen needs get their own long-cached chunks. Polaris stays with
        // the code that uses it, so components only some pages use load with those pages.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/@tanstack\/(query-core|react-query)\//.test(id)) return 'query';
          if (id.includes('node_modules/zod/')) return 'zod';
          return undefined;
        },
      },
    },
  },
});
