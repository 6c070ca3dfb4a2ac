import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENVIRONMENT, serveArguments } from './bench/processes.ts';

/** Production starts the server three ways (npm run serve, the image, the service unit) and the
 * bench a fourth (startApp, from package.json): all must give Node the same arguments, flags
 * included, and the image and the unit the same allocator settings, which the bench adds too
 * (docs/decisions/0036-memory.md). */
describe('the start command', () => {
  const serve = serveArguments();
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const unit = readFileSync('deploy/piste.service', 'utf8');

  it('runs the built server with the memory flag', () => {
    expect(serve).toEqual(['--max-semi-space-size=4', 'dist/server/main.js']);
  });

  it('is the same in the Dockerfile', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...serve]);
  });

  it('is the same in the systemd unit', () => {
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(exec?.split(/\s+/)).toEqual(['/opt/piste/node_modules/.bin/node', ...serve]);
  });

  it('sets the allocator in the image and the unit as the bench does', () => {
    expect(ALLOCATOR_ENVIRONMENT).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' });
    // ENV lines of the run stage (after the last FROM), continuation lines joined
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const env = [...runStage.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)]
      .map((m) => m[1]?.replace(/\\\n/g, ' ') ?? '')
      .join(' ');
    const unitEnv = [...unit.matchAll(/^Environment=(.*)$/gm)].map((m) => m[1]).join(' ');
    for (const [name, value] of Object.entries(ALLOCATOR_ENVIRONMENT)) {
      expect(env.split(/\s+/)).toContain(`${name}=${value}`);
      expect(unitEnv.split(/\s+/)).toContain(`${name}=${value}`);
    }
  });
});
