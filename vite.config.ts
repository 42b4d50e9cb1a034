import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:8080';

/**
 * Brotli (best) and gzip copies of every text file of the build, beside it: the server sends them
 * as they are (@fastify/static's preCompressed) instead of compressing each file per request, and
 * best-quality Brotli is smaller than what the per-request compression can afford.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist/web';
  return {
    name: 'format-hub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(
        [...new Set(files)].map(async (file) => {
          const full = path.join(outDir, file);
          const body = await fs.readFile(full).catch(() => null);
          if (!body || body.length < 1024) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
          await fs.writeFile(`${full}.br`, await brotli(body, { params }));
          await fs.writeFile(`${full}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
