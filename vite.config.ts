import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** A test for code-splitting groups: the modules at these paths (a file, whatever its extension,
 * or everything in a folder), with either path separator. */
function modules(...paths: string[]): RegExp {
  const sep = String.raw`[\\/]`;
  return new RegExp(
    paths.map((path) => sep + path.split('/').join(sep) + String.raw`(\.[cm]?[jt]sx?$|[\\/])`).join('|'),
  );
}

const webDist = process.env.WEB_DIST ?? 'dist/web';

/**
 * The web app: source in src/web. Two builds (`npm run build` runs both):
 * - the browser's, to WEB_DIST (dist/web), with a brotli (.br) and a gzip (.gz) copy of every
 *   text asset; the server sends them by Accept-Encoding;
 * - the server's renderer (`--ssr`), src/web/entry-server.tsx to WEB_DIST-ssr (dist/web-ssr),
 *   which the server loads to paint public pages, and the e-mail templates (src/emails/index.tsx)
 *   to emails.js beside it, which the mail job loads.
 * `npm run dev` serves the browser's build with hot reload and proxies /api to port 3000.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
            include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
            threshold: 512,
            logLevel: 'silent',
          }),
        ]),
  ],
  // the server's renderer bundles the icons and Mantine components it uses instead of loading the
  // packages whole at run time: the icons' CommonJS build defines all ~6,000 icons and Mantine's
  // index every component; the renderer held 21.5 MB of heap, now 2.6 MB (docs/decisions/0036-memory.md)
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  build: isSsrBuild
    ? {
        outDir: `../../${webDist}-ssr`,
        emptyOutDir: true,
        sourcemap: true,
        // the e-mail templates (src/emails, React Email) land beside it as emails.js: the server
        // runs TypeScript without a JSX step and loads them from there (server/mail/render.ts)
        rollupOptions: {
          input: { 'entry-server': 'src/web/entry-server.tsx', emails: 'src/emails/index.tsx' },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        // WEB_DIST lets two builds (e.g. parallel e2e runs) live side by side; the server reads the same variable.
        outDir: `../../${webDist}`,
        emptyOutDir: true,
        // maps are written for the server's own use, never referenced by the files sent
        sourcemap: 'hidden',
        // which files each page module needs: the server links them into a painted page
        manifest: true,
        // every browser the site supports knows <link rel="modulepreload">
        modulePreload: { polyfill: false },
        rollupOptions: {
          output: {
            // chunks named by their hash alone ('c' for chunk, then the hash: the shape the server
            // caches as immutable): the entry lists every lazy page's files for preloading, and
            // each chunk names those it imports, so module names there cost ~1.2 KB gzip a page
            chunkFileNames: 'assets/c-[hash].js',
            // everything the entry needs before any page goes in one chunk: left to itself the
            // bundler cut it into a dozen small files, and a page's first script was ~5 KB
            // larger in gzip for it (each file compressed apart)
            // floating-ui (menus, popovers, tooltips) in a chunk of its own: left to itself the
            // bundler put small helpers that tabs and tables share into that chunk, and a page with
            // tabs then loaded 15 KB gzip of positioning code it never runs
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/ },
                // the public pages in a few files each (docs/decisions/0044): left to itself the
                // bundler makes a file of every set of pages that share a module (22 files for the
                // home page, most under 1 KB), and on a phone's connection each costs a round trip
                // before the page paints (Lighthouse's first paint on / 2.35 → 1.95 s). Each group
                // takes the modules it names and whatever they import that no group before took.
                // what every public page has: its banner, loading and error states, columns
                {
                  name: 'page-frame',
                  test: modules(
                    'src/web/content/PageHero',
                    'src/web/content/LoadState',
                    'src/web/ui/LazyAlert',
                    'src/web/ui/Columns',
                    '@mantine/core/esm/core/utils/create-safe-context',
                    '@mantine/core/esm/components/Paper',
                    '@mantine/core/esm/components/VisuallyHidden',
                    '@mantine/core/esm/components/Skeleton',
                    '@mantine/core/esm/components/Badge',
                  ),
                },
                // the event cards (home, /booking, the event pages) and the site's text blocks
                {
                  name: 'cards',
                  test: modules(
                    'src/web/events/EventGrid',
                    'src/web/events/EventCard',
                    'src/web/events/EnterButton',
                    'src/web/events/EventDate',
                    'src/web/content/TextBlock',
                  ),
                },
                // the results views: one page, but its loader and its page are two lazy modules
                {
                  name: 'results',
                  test: modules(
                    'src/web/results/ResultViews',
                    'src/web/results/ResultTables',
                    'src/web/results/ClubLogos',
                    'src/web/results/api',
                    'src/web/results/view',
                    'src/web/results/columns',
                    '@tanstack/react-query/build/modern/useQueries',
                  ),
                },
                // form fields: /contact's, and every form's after it
                {
                  name: 'form',
                  test: modules(
                    'src/web/accounts/form-helpers',
                    '@mantine/core/esm/components/TextInput',
                    '@mantine/core/esm/components/Textarea',
                  ),
                },
              ],
            },
          },
        },
        chunkSizeWarningLimit: 1200,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
