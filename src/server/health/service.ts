import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { isDatabaseUnreachable } from '../db/client.ts';
import { noteDatabaseAnswered, noteDatabaseFailure } from '../db/faults.ts';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import { firstRow, pgErrorCode } from '../db/pg-errors.ts';
import { stillFull } from '../operations/disk-space.ts';

/**
 * The health addresses' answers. Live: the process answers. Ready: this instance can serve —
 * not shutting down, the database reachable (within READY_TIMEOUT_MS) and every migration this
 * code ships applied. A load balancer, Docker's HEALTHCHECK or a monitor asks them every few
 * seconds: one small query, nothing cached (a cached "ready" would outlive the database).
 */
export type Readiness = { status: 'ready' } | { status: 'not ready'; reason: string };

/** How long ready waits for the database before it says the database does not answer: a server
 * that accepts connections but hangs must not pass for a ready one. */
export const READY_TIMEOUT_MS = 5000;

export const NOT_READY = {
  shuttingDown: 'shutting down',
  unreachable: 'the database cannot be reached',
  noAnswer: (ms: number) => `the database did not answer within ${ms / 1000} s`,
  migrations: 'the database is not migrated to this version',
  diskFull: 'the disk is full',
  failed: 'the database answered with an error',
} as const;

/** The time stamp drizzle records for the last migration in this code's journal. */
const LAST_MIGRATION_WHEN = Math.max(...journal.entries.map((entry) => entry.when));

const shuttingDown = new WeakSet<AppContext>();

/** From now on ready answers 503 (SIGTERM: the load balancer stops sending requests here). */
export function markShuttingDown(ctx: AppContext): void {
  shuttingDown.add(ctx);
}

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_SCHEMA = '3F000';
/** The database named in DATABASE_URL does not exist (dropped, or never made). */
const NO_SUCH_DATABASE = '3D000';

/** Whether this instance can serve, and if not the short reason. */
export async function readiness(ctx: AppContext, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  if (shuttingDown.has(ctx)) return { status: 'not ready', reason: NOT_READY.shuttingDown };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const answer = await Promise.race([lastAppliedMigration(ctx), late]);
    if (answer === 'late') return { status: 'not ready', reason: NOT_READY.noAnswer(timeoutMs) };
    noteDatabaseAnswered(ctx);
    if (answer < LAST_MIGRATION_WHEN) return { status: 'not ready', reason: NOT_READY.migrations };
    // a write failed for a full disk: ready again once one goes through (disk-space.ts)
    const full = await Promise.race([stillFull(ctx), late]);
    if (full === 'late') return { status: 'not ready', reason: NOT_READY.noAnswer(timeoutMs) };
    if (full) return { status: 'not ready', reason: NOT_READY.diskFull };
  } catch (error) {
    noteDatabaseFailure(ctx, error);
    return { status: 'not ready', reason: notReadyReason(error) };
  } finally {
    clearTimeout(timer);
  }
  if (shuttingDown.has(ctx)) return { status: 'not ready', reason: NOT_READY.shuttingDown };
  return { status: 'ready' };
}

/** drizzle's record of the last migration applied (0 when none is). */
async function lastAppliedMigration(ctx: AppContext): Promise<number> {
  const result = await ctx.db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`);
  return Number(firstRow<{ last: string | number | null }>(result)?.last ?? 0);
}

function notReadyReason(error: unknown): string {
  const code = pgErrorCode(error);
  if (isDatabaseUnreachable(error) || code === NO_SUCH_DATABASE) return NOT_READY.unreachable;
  // no drizzle schema or table: a database no migration has run on
  if (code === UNDEFINED_TABLE || code === UNDEFINED_SCHEMA) return NOT_READY.migrations;
  return NOT_READY.failed;
}
