import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema.ts';
import { FILE_CHUNK_BYTES, fileChunks } from '../db/schema-operations.ts';
import { TEST_DB } from '../test/databases.ts';
import { SAMPLE } from '../test/files.ts';
import { useTestApp } from '../test/helper.ts';
import { storedBytes, storedNames } from '../test/stored-files.ts';
import { filesInDatabase } from './file-bytes.ts';
import { checkUpload, removeFiles, storeFiles, uploadsDir } from './storage.ts';
import { moveUploadsIntoDatabase } from './uploads-upgrade.ts';

/**
 * Where uploads' bytes live (docs/decisions/0035-several-instances.md): in the database on
 * PostgreSQL (chunks of FILE_CHUNK_BYTES, streamed), on the disk on the embedded database.
 */
const t = useTestApp();

/** A PDF of `bytes` bytes (its signature, then random bytes). */
function pdfOf(bytes: number): Buffer {
  return Buffer.concat([SAMPLE.pdf, randomBytes(bytes - SAMPLE.pdf.length)]);
}

async function storeDocument(bytes: Buffer): Promise<string> {
  const file = checkUpload({ field: 'document', filename: 'results.pdf', bytes }, 'organizationDocument');
  return storeFiles(t.app.ctx, { document: file }, async (keys) => keys.document as string);
}

const chunkCount = async (key: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileKey, key)))[0]?.n;

describe('uploaded files on this database', () => {
  it(`keeps the bytes ${TEST_DB === 'postgres' ? 'in the database' : 'on the local disk'}`, async () => {
    expect(filesInDatabase(t.app.ctx)).toBe(TEST_DB === 'postgres');
    const key = await storeDocument(pdfOf(1000));
    const onDisk = await readdir(uploadsDir(t.app.ctx.config)).catch(() => [] as string[]);
    expect(onDisk.includes(key)).toBe(TEST_DB === 'pglite');
    expect(await chunkCount(key)).toBe(TEST_DB === 'postgres' ? 1 : 0);
  });

  it('serves a file of several chunks whole, with its length and caching, and deletes every chunk with it', async () => {
    // two full chunks and a part: the stream must ask for the third and stop after it
    const bytes = pdfOf(2 * FILE_CHUNK_BYTES + 12_345);
    const key = await storeDocument(bytes);
    if (TEST_DB === 'postgres') expect(await chunkCount(key)).toBe(3);

    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${key}"`,
      'content-security-policy': 'sandbox',
    });
    const again = await t.app.inject({ method: 'GET', url: `/media/${key}`, headers: { 'if-none-match': `"${key}"` } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);

    await removeFiles(t.app.ctx, t.app.ctx.db, [key]);
    expect(await chunkCount(key)).toBe(0);
    expect(await storedNames(t.app)).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });

  it('serves a file of exactly one full chunk (the stream ends on the missing next one)', async () => {
    const bytes = pdfOf(FILE_CHUNK_BYTES);
    const key = await storeDocument(bytes);
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the upgrade to files in PostgreSQL', () => {
  /** A stored_files row whose bytes are only on the disk, as an instance before the upgrade left it. */
  async function leftOnDisk(bytes: Buffer | null, original?: Buffer): Promise<string> {
    const key = `${randomBytes(16).toString('hex')}.jpg`;
    await t.app.ctx.db
      .insert(storedFiles)
      .values({ key, originalName: 'old.jpg', contentType: 'image/jpeg', size: bytes?.length ?? 0 });
    const dir = uploadsDir(t.app.ctx.config);
    await mkdir(dir, { recursive: true });
    if (bytes) await writeFile(join(dir, key), bytes);
    if (original) await writeFile(join(dir, key.replace('.jpg', '.original.jpg')), original);
    return key;
  }

  function logged() {
    const lines: { level: 'info' | 'warn'; message: string }[] = [];
    const log = {
      info: (message: string) => lines.push({ level: 'info', message }),
      warn: (message: string) => lines.push({ level: 'warn', message }),
    };
    return { lines, log };
  }

  it('copies the files on the disk into the table once, even run twice at once, leaving the disk as it was', async () => {
    const big = randomBytes(FILE_CHUNK_BYTES + 10);
    const moved = await leftOnDisk(big, SAMPLE.jpg);
    const lost = await leftOnDisk(null);
    const dir = uploadsDir(t.app.ctx.config);
    const disk = (await readdir(dir)).sort();
    const first = logged();
    const second = logged();
    const runs = await Promise.all([
      moveUploadsIntoDatabase(t.app.ctx, first.log),
      moveUploadsIntoDatabase(t.app.ctx, second.log),
    ]);
    expect((await readdir(dir)).sort()).toEqual(disk);
    if (TEST_DB === 'pglite') {
      // one process, its own disk: nothing to move, nothing said
      expect(runs).toEqual([
        { moved: 0, missing: [] },
        { moved: 0, missing: [] },
      ]);
      expect(first.lines).toEqual([]);
      return;
    }
    expect(runs.map((r) => r.missing)).toEqual([[lost], [lost]]);
    expect(await chunkCount(moved)).toBe(3); // two of the served copy, one of the original
    expect((await storedBytes(t.app, moved))?.equals(big)).toBe(true);
    expect((await storedBytes(t.app, moved.replace('.jpg', '.original.jpg')))?.equals(SAMPLE.jpg)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/media/${moved}` });
    expect(res.rawPayload.equals(big)).toBe(true);
    expect(first.lines).toContainEqual({
      level: 'warn',
      message: `uploads: 1 stored file(s) are neither in the database nor in ${dir}, so their addresses answer 404: ${lost}`,
    });
    expect(first.lines.concat(second.lines).filter((l) => l.level === 'info')[0]?.message).toBe(
      `uploads: copied 1 file(s) from ${dir} into the database; the files there are left in place (delete them once every instance serves them)`,
    );

    // the next start finds nothing to copy, and names the lost file again (not fatal)
    const third = logged();
    expect(await moveUploadsIntoDatabase(t.app.ctx, third.log)).toEqual({ moved: 0, missing: [lost] });
    expect(third.lines.map((l) => l.level)).toEqual(['warn']);
    expect((await t.app.inject({ method: 'GET', url: `/media/${lost}` })).statusCode).toBe(404);
  });
});
