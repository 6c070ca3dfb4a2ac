import { cp } from 'node:fs/promises';
import { defineConfig } from 'vite';

/**
 * The server, compiled for production (`npm run build`'s third step; `npm run serve` runs
 * dist/server/main.js). Development and the tests run the TypeScript in src/server as it is.
 * Why a build (docs/decisions/0036-memory.md):
 * - Node runs .ts files through its type stripper, a WebAssembly module that holds 18 MB for the
 *   life of the process; the build's JavaScript needs none.
 * - drizzle-orm is bundled in: imported at run time, each of its ~100 files made Node parse the
 *   package's 179 KB package.json "exports" again (Node 24's ESM loader), ~160 MB of garbage and
 *   over a second of CPU at every start, which V8 then kept as pooled pages for minutes.
 * Every other dependency stays in node_modules (the production install has them). The files the
 * server reads beside its code (migrations, the demo seed's pictures) are copied next to it: both
 * are found from the module's own folder (import.meta.dirname).
 */
export default defineConfig({
  ssr: { noExternal: ['drizzle-orm'] },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node24',
    // readable in a production log's stack traces; the maps are for a developer, Node ignores them
    minify: false,
    sourcemap: true,
    // every chunk beside main.js: import.meta.dirname is dist/server wherever the code landed
    rollupOptions: {
      // the server, and the process that makes pictures' web copies (plugins/web-images.ts starts it)
      input: { main: 'src/server/main.ts', 'image-worker': 'src/server/plugins/image-worker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    },
  },
  plugins: [
    {
      name: 'piste-server-files',
      async writeBundle() {
        await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
        await cp('src/server/seed/demo-assets', 'dist/server/demo-assets', { recursive: true });
      },
    },
  ],
});
