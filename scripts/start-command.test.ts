import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveArguments } from './bench/processes.ts';

/** Production starts the server three ways (npm run serve, the image, the service unit) and the
 * bench a fourth (startApp, from package.json): all must give Node the same arguments, flags
 * included (docs/decisions/0036-memory.md). */
describe('the start command', () => {
  const serve = serveArguments();

  it('runs src/server/main.ts with the memory flag', () => {
    expect(serve).toEqual(['--max-semi-space-size=16', 'src/server/main.ts']);
  });

  it('is the same in the Dockerfile', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...serve]);
  });

  it('is the same in the systemd unit', () => {
    const exec = /^ExecStart=(.*)$/m.exec(readFileSync('deploy/piste.service', 'utf8'))?.[1];
    expect(exec?.split(/\s+/)).toEqual(['/opt/piste/node_modules/.bin/node', ...serve]);
  });
});
