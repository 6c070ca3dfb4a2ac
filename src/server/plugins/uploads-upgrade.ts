import { and, eq, notExists } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { storedFiles } from '../db/schema.ts';
import { fileChunks } from '../db/schema-operations.ts';
import { diskBytes, filesInDatabase, writeChunks } from './file-bytes.ts';
import { originalName, uploadsDir } from './storage.ts';

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

export interface UploadsMove {
  moved: number;
  /** Files recorded in stored_files whose bytes are neither in the table nor on this disk. */
  missing: string[];
}

/** How many missing keys the log line names (the rest are counted). */
const NAMED_MISSING = 10;

/**
 * The upgrade to files in PostgreSQL (docs/decisions/0035-several-instances.md): every stored
 * file whose bytes are not yet in `file_chunks` but are in DATA_DIR/uploads on this machine is
 * copied in, its picture's original too, each file in a transaction of its own. Run at start,
 * after the migrations and under the start-up lock (start.ts), so two instances starting at once
 * take turns, and the second finds nothing left to do; a write that meets chunks already there
 * leaves them (writeChunks). The local files are left in place, never deleted: the log says so.
 * A file in neither place is named in one warning, not fatal (its address answers 404, as before).
 * Nothing happens on the embedded database.
 */
export async function moveUploadsIntoDatabase(ctx: AppContext, log: Log): Promise<UploadsMove> {
  if (!filesInDatabase(ctx)) return { moved: 0, missing: [] };
  const pending = await ctx.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      notExists(
        ctx.db
          .select({ seq: fileChunks.seq })
          .from(fileChunks)
          .where(and(eq(fileChunks.fileKey, storedFiles.key), eq(fileChunks.seq, 0))),
      ),
    )
    .orderBy(storedFiles.key);
  if (pending.length === 0) return { moved: 0, missing: [] };
  const dir = uploadsDir(ctx.config);
  const missing: string[] = [];
  let moved = 0;
  for (const { key } of pending) {
    const served = await diskBytes(dir, key);
    if (!served) {
      missing.push(key);
      continue;
    }
    const original = (await diskBytes(dir, originalName(key))) ?? undefined;
    await ctx.db.transaction((tx) => writeChunks(tx, key, served, original));
    moved += 1;
  }
  if (moved > 0) {
    log.info(
      `uploads: copied ${moved} file(s) from ${dir} into the database; the files there are left in place (delete them once every instance serves them)`,
    );
  }
  if (missing.length > 0) {
    const named = missing.slice(0, NAMED_MISSING).join(', ');
    const more = missing.length > NAMED_MISSING ? ` and ${missing.length - NAMED_MISSING} more` : '';
    log.warn(
      `uploads: ${missing.length} stored file(s) are neither in the database nor in ${dir}, so their addresses answer 404: ${named}${more}`,
    );
  }
  return { moved, missing };
}
