import type { AppContext } from '../context.ts';
import { isDatabaseUnreachable } from './client.ts';

/**
 * The database's own bad days (issue 36), as this instance saw them: out of reach, or its disk
 * full. Neither can be written to the database while it lasts, so it is kept here, in memory: the
 * error handler and the readers of the maintenance switch and the cache generation note each
 * failure and each answer; readiness, Site Health and the health job read it, and the job records
 * an outage in health_alerts (and so e-mails it) once the database takes writes again
 * (docs/decisions/0059-the-database-on-a-bad-night.md).
 */

/** How long cached public answers, the maintenance switch and the cache generation last known are
 * used while the database cannot be reached; after that, uncached answers only (503). */
export const STALE_SERVE_MS = 10 * 60_000;

/** PostgreSQL's disk_full, and the file system's "no space" and "over quota". */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/** True when an error (or a cause inside it) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const inner = (e as { code?: unknown }).code;
    if (typeof inner === 'string' && DISK_FULL_CODES.has(inner)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the embedded database itself stopped (WebAssembly's abort, or PostgreSQL's exit
 * inside it): it answers nothing again until the process starts afresh. */
export function isDatabaseAborted(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (e instanceof WebAssembly.RuntimeError) return true;
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'ExitStatus' || (typeof message === 'string' && /^Aborted\(/.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A span of trouble: from the first failure to the first answer after it (`to` null: still on). */
export interface Outage {
  from: Date;
  to: Date | null;
  /** When a failure was last seen. */
  last: Date;
  /** The error's code (a SQLSTATE, ECONNREFUSED …), for the alert. */
  code: string | null;
}

interface Watch {
  unreachable: Outage | null;
  full: Outage | null;
  /** Ended spans not yet recorded in health_alerts (the job takes them). */
  ended: { kind: 'unreachable' | 'full'; outage: Outage }[];
  /** When the database last answered (Date.now()): the bound on serving what is cached. */
  lastAnswer: number;
}

const watches = new WeakMap<AppContext, Watch>();

function watch(ctx: AppContext): Watch {
  let w = watches.get(ctx);
  if (!w) {
    w = { unreachable: null, full: null, ended: [], lastAnswer: Date.now() };
    watches.set(ctx, w);
  }
  return w;
}

function codeOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function begin(current: Outage | null, at: Date, error: unknown): Outage {
  if (current) {
    current.last = at;
    return current;
  }
  return { from: at, to: null, last: at, code: codeOf(error) };
}

/** Notes a failed statement: the database out of reach, or its disk full (others are ignored).
 * Returns which it was. */
export function noteDatabaseFailure(ctx: AppContext, error: unknown): 'unreachable' | 'full' | null {
  const w = watch(ctx);
  if (isDatabaseUnreachable(error)) {
    w.unreachable = begin(w.unreachable, ctx.now(), error);
    return 'unreachable';
  }
  if (isDiskFull(error)) {
    w.full = begin(w.full, ctx.now(), error);
    return 'full';
  }
  return null;
}

/** Notes that the database answered a statement: an outage of reach is over. */
export function noteDatabaseAnswered(ctx: AppContext): void {
  const w = watch(ctx);
  w.lastAnswer = Date.now();
  if (!w.unreachable) return;
  w.ended.push({ kind: 'unreachable', outage: { ...w.unreachable, to: ctx.now() } });
  w.unreachable = null;
}

/** Notes that a write went through: the disk has room again. */
export function noteDatabaseWritten(ctx: AppContext): void {
  noteDatabaseAnswered(ctx);
  const w = watch(ctx);
  if (!w.full) return;
  w.ended.push({ kind: 'full', outage: { ...w.full, to: ctx.now() } });
  w.full = null;
}

/** What is wrong now, as this instance knows it. */
export function databaseTrouble(ctx: AppContext): { unreachable: Outage | null; full: Outage | null } {
  const w = watch(ctx);
  return { unreachable: w.unreachable, full: w.full };
}

/** Whether what was last known (the maintenance switch, the cache generation, cached answers) may
 * still be used: the database is out of reach, and answered within STALE_SERVE_MS. */
export function mayServeLastKnown(ctx: AppContext, error: unknown): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  noteDatabaseFailure(ctx, error);
  return Date.now() - watch(ctx).lastAnswer < STALE_SERVE_MS;
}

/** The ended spans not yet recorded, left where they are (Site Health shows them). */
export function endedOutages(ctx: AppContext): readonly { kind: 'unreachable' | 'full'; outage: Outage }[] {
  return watch(ctx).ended;
}

/** The ended spans not yet recorded; `put back` returns them when recording failed. */
export function takeEndedOutages(
  ctx: AppContext,
  kind: 'unreachable' | 'full',
): { spans: { kind: 'unreachable' | 'full'; outage: Outage }[]; putBack: () => void } {
  const w = watch(ctx);
  const spans = w.ended.filter((span) => span.kind === kind);
  w.ended = w.ended.filter((span) => span.kind !== kind);
  return { spans, putBack: () => w.ended.unshift(...spans) };
}

/** Forgets what was seen (tests). */
export function resetDatabaseWatch(ctx: AppContext): void {
  watches.delete(ctx);
}
