/**
 * Issue 36: the embedded database aborts (its WebAssembly stops; PGlite then answers nothing
 * again). The server answers the request that met it 503 with the busy words, ready fails, and
 * the process exits with code 1, so that systemd (Restart=on-failure) or Docker (restart:
 * unless-stopped) starts it afresh. The abort is made by a preload of the test's
 * (test/pglite-abort.ts) in a real server process: the server's own code path is the one run.
 */

import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../domain/faults.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

let dir: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// the server on its embedded database: run once, by api-pglite (a .pglite.test.ts file)
describe('the embedded database aborts', () => {
  it('the request meets 503, and the server exits 1 for its supervisor to start it again', {
    timeout: 120_000,
  }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'piste-abort-'));
    const marker = join(dir, 'abort-now');
    server = startServer(
      { DATA_DIR: join(dir, 'data'), SEED_DEMO: 'false', LOG_LEVEL: 'warn', PISTE_TEST_ABORT_MARKER: marker },
      90_000,
      { command: [process.execPath, '--import', './src/server/test/pglite-abort.ts', 'src/server/main.ts'] },
    );
    const base = await server.ready;
    expect((await fetch(`${base}/api/v1/faqs/`)).status).toBe(200);
    const exited = once(server.child, 'exit');

    await writeFile(marker, '');
    const login = await fetch(`${base}/api/v1/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'Wrong#Pass1' }),
    });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({ error: FAULT_MSG.busy, code: 'UNAVAILABLE' });
    const [code] = (await exited) as [number | null];
    expect(code, server.output()).toBe(1);
    expect(server.output()).toContain('the embedded database stopped');
  });
});
