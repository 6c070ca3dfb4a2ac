import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * Pictures' web copies are made in a process of their own (image-worker.ts): sharp and libvips
 * never load into the server, where they held ~20 MB for the life of the process after the first
 * upload (docs/decisions/0036-memory.md). Checked in a Node process of its own, as the server is,
 * since this test process loads sharp itself to make the picture.
 */
describe('the image worker', () => {
  it('makes a web copy while the calling process never maps libvips', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piste-image-worker-'));
    const picture = join(dir, 'photo.jpg');
    await writeFile(
      picture,
      await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3370aa' } })
        .jpeg()
        .toBuffer(),
    );
    const script = `
      import { readFileSync } from 'node:fs';
      import { webImage } from ${JSON.stringify(join(import.meta.dirname, 'web-images.ts'))};
      const web = await webImage(readFileSync(${JSON.stringify(picture)}), { ext: 'jpg', mime: 'image/jpeg' },
        { field: 'image', wrongType: 'wrong' });
      const maps = readFileSync('/proc/self/maps', 'utf8');
      console.log(JSON.stringify({ bytes: web?.length ?? 0, libvips: /libvips/.test(maps) }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    await rm(dir, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout.trim()) as { bytes: number; libvips: boolean };
    expect(answer.bytes).toBeGreaterThan(0);
    expect(answer.libvips).toBe(false);
  });
});
