import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { FILE_CHUNK_BYTES, fileChunks } from '../db/schema-operations.ts';

/**
 * Where an uploaded file's bytes live (docs/decisions/0035-several-instances.md): on PostgreSQL in
 * the `file_chunks` table, so that every instance serves every upload; on the embedded database
 * (one process) on the local disk, DATA_DIR/uploads. A file's web copy is chunks 0, 1, 2 …; the
 * original of a picture (kept, never served) is chunks -1, -2 … of the same key, so it needs no
 * row of its own and goes with the file's row (ON DELETE CASCADE).
 */
export function filesInDatabase(ctx: Pick<AppContext, 'databaseKind'>): boolean {
  return ctx.databaseKind === 'postgres';
}

/** The chunks of `bytes`, numbered from `first` up (the served copy) or down (an original). Always
 * at least one chunk, so that chunk 0 says the file's bytes are in the table (an empty file too). */
function chunksOf(key: string, bytes: Buffer, direction: 1 | -1) {
  const rows: { fileKey: string; seq: number; data: Buffer }[] = [];
  for (let offset = 0, n = 0; offset < bytes.length || n === 0; offset += FILE_CHUNK_BYTES, n++) {
    rows.push({
      fileKey: key,
      seq: direction === 1 ? n : -1 - n,
      data: bytes.subarray(offset, offset + FILE_CHUNK_BYTES),
    });
  }
  return rows;
}

/** Writes a file's chunks (and its original's, if any) in `tx`, one chunk per statement so that
 * no statement carries more than FILE_CHUNK_BYTES. Chunks already there are left as they are
 * (a second instance moving the same file at start). */
export async function writeChunks(db: Db | Tx, key: string, served: Buffer, original?: Buffer): Promise<void> {
  const rows = [...chunksOf(key, served, 1), ...(original ? chunksOf(key, original, -1) : [])];
  for (const row of rows) await db.insert(fileChunks).values(row).onConflictDoNothing();
}

/** Whether the served copy of `key` is in the table. */
async function hasChunks(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ seq: fileChunks.seq })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileKey, key), eq(fileChunks.seq, 0)));
  return row !== undefined;
}

/**
 * The served copy of a stored file as a stream, or null when its bytes are missing. From the
 * table, chunk by chunk: the next chunk is read only when the client has taken the last (a slow
 * phone holds one chunk in memory, and no connection between reads).
 */
export async function readStoredFile(ctx: AppContext, dir: string, key: string): Promise<Readable | null> {
  if (!filesInDatabase(ctx)) {
    const path = join(dir, key);
    const found = await stat(path).catch(() => null);
    return found?.isFile() ? createReadStream(path) : null;
  }
  if (!(await hasChunks(ctx.db, key))) return null;
  let next = 0;
  return new Readable({
    read() {
      ctx.db
        .select({ data: fileChunks.data })
        .from(fileChunks)
        .where(and(eq(fileChunks.fileKey, key), eq(fileChunks.seq, next)))
        .then(
          ([row]) => {
            next += 1;
            this.push(row && row.data.length > 0 ? row.data : null);
            if (row && row.data.length < FILE_CHUNK_BYTES) this.push(null);
          },
          (error: Error) => this.destroy(error),
        );
    },
  });
}

/** Every byte of a stored file from the table, in order (tests and the upgrade's check):
 * `original` reads the kept original (negative chunks) instead of the served copy. */
export async function chunkedBytes(db: Db, key: string, original = false): Promise<Buffer | null> {
  const rows = await db
    .select({ data: fileChunks.data })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileKey, key), original ? lt(fileChunks.seq, 0) : gte(fileChunks.seq, 0)))
    .orderBy(original ? sql`${fileChunks.seq} DESC` : asc(fileChunks.seq));
  return rows.length === 0 ? null : Buffer.concat(rows.map((r) => r.data));
}

/** A file on the local disk, or null when it is not there. */
export async function diskBytes(dir: string, name: string): Promise<Buffer | null> {
  return readFile(join(dir, name)).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}
