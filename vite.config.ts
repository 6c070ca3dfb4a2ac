import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The web app: source in src/web, built to dist/web and served by the Fastify server.
 * `npm run dev` proxies /api to the server on port 3000. The build writes a brotli (.br) and a
 * gzip (.gz) copy of every text asset; the server sends them by Accept-Encoding. */
export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  build: {
    // WEB_DIST lets two builds (e.g. parallel e2e runs) live side by side; the server reads the same variable.
    outDir: `../../${process.env.WEB_DIST ?? 'dist/web'}`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
