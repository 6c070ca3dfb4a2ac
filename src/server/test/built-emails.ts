import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let built: Promise<string> | undefined;

/**
 * A WEB_DIST for a server started as its own process (test/processes.ts) that sends mail: the
 * server runs TypeScript without a JSX step and loads the e-mail templates built, from
 * `{WEB_DIST}-ssr/emails.js` (mail/render.ts); the API tests run before `npm run build`, so this
 * builds the templates alone into a new folder under node_modules/.cache, once per test file. There are no web assets
 * there: the process answers pages as with WEB_DIST=none.
 */
export function builtEmailsWebDist(): Promise<string> {
  built ??= (async () => {
    // inside the project, so the built file's imports (react, @react-email/components) resolve
    // from its node_modules as dist/web-ssr's do
    const cache = join(ROOT, 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    const folder = await mkdtemp(join(cache, 'piste-test-emails-'));
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: 'src/emails/index.tsx',
        outDir: join(folder, 'web-ssr'),
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'emails.js' } },
      },
    });
    return join(folder, 'web');
  })();
  return built;
}
