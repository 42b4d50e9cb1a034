import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: backend,
        // Discord sends the browser back to /api/oauth/callback: that one is an SPA page.
        bypass: (req) => (req.url?.split('?')[0] === '/api/oauth/callback' ? '/index.html' : undefined),
      },
      '/ws': { target: backend, ws: true },
      '/demo-discord': { target: backend },
    },
  },
});
