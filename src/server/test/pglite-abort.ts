/**
 * A test's preload (`node --import src/server/test/pglite-abort.ts src/server/main.ts`): from the
 * moment the file named by PISTE_TEST_ABORT_MARKER exists, every call into the embedded database
 * throws what PGlite throws once its WebAssembly has aborted. Read by this preload only, never by
 * the server (database-abort.pglite.test.ts).
 */
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const marker = process.env.PISTE_TEST_ABORT_MARKER;
const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const name of ['execProtocolStream', 'execProtocol', 'query', 'exec']) {
  const original = proto[name];
  if (typeof original !== 'function') continue;
  proto[name] = function (this: unknown, ...args: unknown[]) {
    if (marker && existsSync(marker)) {
      throw new WebAssembly.RuntimeError('Aborted(). Build with -sASSERTIONS for more info.');
    }
    return original.apply(this, args);
  };
}
