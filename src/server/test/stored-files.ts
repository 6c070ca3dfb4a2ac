/** What the site has stored of uploads, wherever the bytes live (plugins/file-bytes.ts): the
 * upload tests check it on both databases. */
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { fileChunks } from '../db/schema-operations.ts';
import { chunkedBytes, diskBytes, filesInDatabase } from '../plugins/file-bytes.ts';
import { originalName, uploadsDir } from '../plugins/storage.ts';

/** The names stored, sorted: each file's key, and `<key>.original.<ext>` for a picture's kept
 * original (a file of that name on the disk; negative chunks in the table). */
export async function storedNames(app: App): Promise<string[]> {
  if (!filesInDatabase(app.ctx)) return (await readdir(uploadsDir(app.ctx.config)).catch(() => [] as string[])).sort();
  const rows = await app.ctx.db
    .select({ key: fileChunks.fileKey, original: sql<boolean>`bool_or(${fileChunks.seq} < 0)` })
    .from(fileChunks)
    .groupBy(fileChunks.fileKey);
  return rows.flatMap((r) => (r.original ? [r.key, originalName(r.key)] : [r.key])).sort();
}

/** The bytes stored under one of those names, or null. */
export async function storedBytes(app: App, name: string): Promise<Buffer | null> {
  if (!filesInDatabase(app.ctx)) return diskBytes(uploadsDir(app.ctx.config), name);
  const original = name.replace(/\.original\.(\w+)$/, '.$1');
  return chunkedBytes(app.ctx.db, original, original !== name);
}
