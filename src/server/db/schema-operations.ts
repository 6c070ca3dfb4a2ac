import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { storedFiles } from './schema.ts';

/**
 * Running it for real (issue 25): what the operators' side of the site keeps in the database so
 * that every instance sees the same thing — uploaded files' bytes on PostgreSQL, the backups
 * made, and the health alerts raised.
 */

/** PostgreSQL's bytea, read and written as a Buffer (pg and PGlite both give Uint8Array-likes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded file's bytes when the site runs on PostgreSQL (several instances share them): the
 * file is cut into chunks (at most FILE_CHUNK_BYTES each, numbered from 0) so that it is written
 * and served as a stream, never held whole. On the embedded database files stay on the local
 * disk (DATA_DIR/uploads) and this table is empty. The file's name, type and size are its
 * stored_files row; deleting that row deletes the chunks.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileKey, t.seq] })],
);

export const FILE_CHUNK_BYTES = 256 * 1024;

/** Every backup made by `npm run backup` (or asked of the running app): the health panel shows
 * the last one, and an alert goes out when the last good one is more than a day old. */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    /** 'pglite' or 'postgresql'. */
    database: text('database').notNull(),
    /** The archive's file name (where it was written is the operator's business). */
    archive: text('archive').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backups_finished_idx').on(t.finishedAt).where(sql`${t.status} = 'done'`)],
);

/**
 * The conditions the site's health watches (mail failing, backup old, a burst of 5xx answers, a
 * payment whose webhook never came, a slow database), one row each: raised while the condition
 * holds, cleared when it no longer does. `notifiedAt` is when the operations address was last
 * e-mailed about it, so an alert is sent once per raising, not once per check, whichever
 * instance checks.
 */
export const healthAlerts = pgTable('health_alerts', {
  kind: text('kind').primaryKey(),
  raisedAt: timestamp('raised_at', { withTimezone: true }),
  detail: text('detail'),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
