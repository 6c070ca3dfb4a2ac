/**
 * The browser's forms validate with zod, which by default probes whether it may compile code
 * (`new Function`) to speed parsing up. The site's CSP allows no eval, so the probe was reported
 * as a CSP violation on every form page (Lighthouse best practices 96 on Contact). Without the
 * probe zod interprets its schemas, fast enough for a form. Only the browser's entry runs this:
 * the server keeps zod's compiled parsers.
 *
 * zod reads its configuration from this global when it loads (zod/v4/core/core.js); setting it
 * here, before the form chunks load zod, costs the initial script nothing — importing zod's
 * `config` cost it 4 KB gzip. zod-config.test.ts fails if zod stops reading it.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

export {};
