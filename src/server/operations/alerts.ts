import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { healthAlerts } from '../db/schema-operations.ts';
import { queueMail } from '../mail/outbox.ts';

/** The conditions the site's health watches (issue 25), in the order the panel shows them. */
export const HEALTH_KINDS = ['unreachable', 'disk', 'mail', 'backup', 'errors', 'webhook', 'database'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** Each condition's name, as the panel and the alert e-mails say it. */
export const HEALTH_TITLES: Record<HealthKind, string> = {
  unreachable: 'The database cannot be reached',
  disk: 'Disk full',
  mail: 'Mail keeps failing',
  backup: 'No recent backup',
  errors: 'A burst of server errors',
  webhook: 'Card payment webhooks are not arriving',
  database: 'The database is slow',
};

/** What one check found: the condition holds (with what to tell), or it does not — then a raised
 * alert clears, unless `clearBefore` is given: only an alert last raised before then clears (a
 * condition seen by one instance alone, such as its burst of errors, holds for its window). */
export type CheckOutcome = { raised: true; detail: string } | { raised: false; clearBefore?: Date };

/**
 * Records a check's outcome in health_alerts and e-mails the operations address once per raising
 * and once when it clears, whichever instance checks: the raise keeps the first raised_at, and the
 * mail is queued in the same transaction as the conditional UPDATE that sets notified_at (only one
 * instance's succeeds); a clear is likewise one conditional UPDATE. Returns what changed.
 */
export async function recordOutcome(
  ctx: AppContext,
  kind: HealthKind,
  outcome: CheckOutcome,
): Promise<'raised' | 'cleared' | 'unchanged'> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (outcome.raised) {
      await tx
        .insert(healthAlerts)
        .values({ kind, raisedAt: now, detail: outcome.detail, notifiedAt: null, clearedAt: null, updatedAt: now })
        .onConflictDoUpdate({
          target: healthAlerts.kind,
          set: {
            raisedAt: sql`coalesce(${healthAlerts.raisedAt}, excluded.raised_at)`,
            notifiedAt: sql`case when ${healthAlerts.raisedAt} is null then null else ${healthAlerts.notifiedAt} end`,
            detail: outcome.detail,
            updatedAt: now,
          },
        });
      const [toNotify] = await tx
        .update(healthAlerts)
        .set({ notifiedAt: now })
        .where(and(eq(healthAlerts.kind, kind), isNotNull(healthAlerts.raisedAt), isNull(healthAlerts.notifiedAt)))
        .returning();
      if (!toNotify?.raisedAt) return 'unchanged';
      await queueMail(tx, {
        template: 'health-alert',
        to: ctx.config.opsEmail,
        data: { kind, detail: outcome.detail, raised_at: toNotify.raisedAt.toISOString() },
        dedupeKey: `health:${kind}:${toNotify.raisedAt.toISOString()}`,
      });
      return 'raised';
    }
    const [row] = await tx.select().from(healthAlerts).where(eq(healthAlerts.kind, kind)).for('update');
    if (!row?.raisedAt || (outcome.clearBefore && row.updatedAt >= outcome.clearBefore)) return 'unchanged';
    await tx
      .update(healthAlerts)
      .set({ raisedAt: null, clearedAt: now, updatedAt: now })
      .where(eq(healthAlerts.kind, kind));
    if (row.notifiedAt) {
      await queueMail(tx, {
        template: 'health-cleared',
        to: ctx.config.opsEmail,
        data: { kind, raised_at: row.raisedAt.toISOString(), cleared_at: now.toISOString() },
        dedupeKey: `health-cleared:${kind}:${row.raisedAt.toISOString()}`,
      });
    }
    return 'cleared';
  });
}

/** The alerts as the panel shows them: every condition, raised or not. */
export async function readAlerts(ctx: AppContext) {
  const rows = await ctx.db.select().from(healthAlerts);
  return HEALTH_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const raised = Boolean(row?.raisedAt);
    return {
      kind,
      title: HEALTH_TITLES[kind],
      raised,
      detail: raised ? (row?.detail ?? null) : null,
      since: row?.raisedAt?.toISOString() ?? null,
      cleared_at: raised ? null : (row?.clearedAt?.toISOString() ?? null),
    };
  });
}
