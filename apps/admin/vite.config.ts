// Build and dev-server setup of the admin SPA. In development the API is proxied to the
// server so the app always talks to its own origin, exactly as when the server serves dist/.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendor code changes less often than ours; separate chunks keep it cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@shopify/polaris')) return 'polaris';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
