import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  type SecurityEventKind as DomainSecurityEventKind,
  monthsBefore,
  SECURITY_LOG_KEPT_MONTHS,
  SECURITY_LOG_MAX,
  SECURITY_LOG_PAGE_SIZE,
  type SecurityLogRow,
  securityEventLabel,
} from '../../domain/accounts/security-log.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema-security.ts';
import { addressKey } from './login-limits.ts';
import { shiftMs } from './tokens.ts';

/**
 * The security log's writer (issue 37, docs/decisions/0063-security-log.md). Every
 * account-security event is one row of `security_events`: who (the account's id and its username
 * as it was), what, when (ctx.now()), from which address. The rows have no foreign key to the
 * account: they outlive it, and the hourly retention sweep removes them after 12 months.
 */
export type SecurityEventKind = DomainSecurityEventKind;
// i.e. 'password_changed' | 'password_reset' | 'second_factor_on' | 'second_factor_off'
//    | 'recovery_codes_made' | 'recovery_code_used' | 'account_deleted' | 'sign_in_refused'

export interface SecurityEvent {
  /** The account concerned (null: none, e.g. a refused sign-in for an unknown username). */
  userId: number | null;
  /** As it was at the time (kept after the account is deleted). */
  username: string;
  kind: SecurityEventKind;
  /** request.ip; null when done from the server's shell. */
  ip: string | null;
  /** Short plain words, e.g. 'reset from the server shell', 'too many wrong passwords'. */
  detail?: string;
}

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

function row(ctx: AppContext, event: SecurityEvent) {
  return {
    at: ctx.now(),
    userId: event.userId,
    username: cut(event.username.trim(), SECURITY_LOG_MAX.username),
    kind: event.kind,
    ip: event.ip === null ? null : cut(event.ip, SECURITY_LOG_MAX.ip),
    detail: event.detail === undefined || event.detail === '' ? null : cut(event.detail, SECURITY_LOG_MAX.detail),
  };
}

/** Writes one event at ctx.now(); `db` may be a transaction (ctx.db or tx). Never throws for a
 *  too-long detail/username: trims to the column limits. */
export async function recordSecurityEvent(ctx: AppContext, db: Db, event: SecurityEvent): Promise<void> {
  await db.insert(securityEvents).values(row(ctx, event));
}

/** A refused attempt is recorded at most once per this window for one account (or unknown
 * username), one address (an IPv6 address by its /64, as the limits count it) and one check. */
export const REFUSED_RECORD_WINDOW_MS = 60 * 1000;

/**
 * A sign-in (or a password asked again, or a code) refused by a limit: recorded as
 * 'sign_in_refused' unless the same account — or, with no account, the same username — was
 * already recorded refused from the same address for the same check (`detail`) within the last
 * minute. A flood of refused attempts is the very thing the limit answers, so it must not become
 * a flood of rows: at most one a minute per account, address and check.
 */
export async function recordSignInRefused(ctx: AppContext, db: Db, event: Omit<SecurityEvent, 'kind'>): Promise<void> {
  const candidate = row(ctx, { ...event, kind: 'sign_in_refused' });
  const since = shiftMs(candidate.at, -REFUSED_RECORD_WINDOW_MS);
  const whose =
    candidate.userId === null
      ? and(isNull(securityEvents.userId), sql`lower(${securityEvents.username}) = lower(${candidate.username})`)
      : eq(securityEvents.userId, candidate.userId);
  const recent = await db
    .select({ ip: securityEvents.ip })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.kind, 'sign_in_refused'),
        gt(securityEvents.at, since),
        whose,
        candidate.detail === null ? isNull(securityEvents.detail) : eq(securityEvents.detail, candidate.detail),
      ),
    )
    .orderBy(desc(securityEvents.at))
    .limit(200);
  const here = candidate.ip === null ? null : addressKey(candidate.ip);
  if (recent.some((r) => (r.ip === null ? null : addressKey(r.ip)) === here)) return;
  await db.insert(securityEvents).values(candidate);
}

/** Removes the rows older than 12 months (SECURITY_LOG_KEPT_MONTHS) at ctx.now(); from the hourly
 * retention sweep (retention.ts). Returns how many went. */
export async function removeExpiredSecurityEvents(ctx: AppContext): Promise<number> {
  const before = monthsBefore(ctx.now(), SECURITY_LOG_KEPT_MONTHS);
  const gone = await ctx.db
    .delete(securityEvents)
    .where(lt(securityEvents.at, before))
    .returning({ id: securityEvents.id });
  return gone.length;
}

export interface SecurityLogQuery {
  page: number;
  /** Exact, case-insensitive. */
  username?: string | undefined;
  kind?: SecurityEventKind | undefined;
}

/** A page of 50 rows, newest first (by time, then by id for rows of the same instant), and how
 * many rows match in all. */
export async function listSecurityEvents(
  ctx: AppContext,
  query: SecurityLogQuery,
): Promise<{ count: number; results: SecurityLogRow[] }> {
  const where = and(
    query.username ? sql`lower(${securityEvents.username}) = lower(${query.username})` : undefined,
    query.kind ? eq(securityEvents.kind, query.kind) : undefined,
  );
  const [total] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(securityEvents).where(where);
  const rows = await ctx.db
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(SECURITY_LOG_PAGE_SIZE)
    .offset((query.page - 1) * SECURITY_LOG_PAGE_SIZE);
  return {
    count: total?.count ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      username: r.username,
      user_id: r.userId,
      kind: r.kind,
      kind_label: securityEventLabel(r.kind),
      ip: r.ip,
      detail: r.detail,
    })),
  };
}
