import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isDatabaseUnreachable } from '../db/client.ts';
import { databaseTrouble, noteDatabaseFailure } from '../db/faults.ts';
import { backups } from '../db/schema-operations.ts';
import { HEALTH_KINDS, HEALTH_TITLES, type HealthKind, readAlerts } from './alerts.ts';
import { diskFullText, lastEnded, unreachableText } from './database-conditions.ts';
import { type DiskSpace, diskSpace, spaceText } from './disk-space.ts';

export const SiteHealthSchema = z.object({
  alerts: z.array(
    z.object({
      kind: z.enum(HEALTH_KINDS),
      title: z.string(),
      raised: z.boolean(),
      detail: z.string().nullable(),
      since: z.string().nullable(),
      cleared_at: z.string().nullable(),
      /** Not raised, yet not fine: what to do before it is (a site's first day without a backup). */
      notice: z.string().nullable(),
    }),
  ),
  last_backup: z
    .object({
      started_at: z.string(),
      finished_at: z.string().nullable(),
      status: z.enum(['running', 'done', 'failed']),
      bytes: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Where this server writes (DATA_DIR): free space, and whether it is low; null when unknown. */
  disk: z.object({ path: z.string(), free_bytes: z.number(), total_bytes: z.number(), low: z.boolean() }).nullable(),
  /** True when the alerts are this instance's memory alone: the database could not be read. */
  from_memory: z.boolean(),
});

/** The conditions the back office shows as a banner to every administrator while raised: the
 * ones they can act on, and whose own e-mail may not arrive (mail failing). */
const BANNER_KINDS: readonly HealthKind[] = ['mail'];

export const BannerSchema = z.object({
  kind: z.enum(HEALTH_KINDS),
  title: z.string(),
  detail: z.string().nullable(),
  since: z.string().nullable(),
});

/** GET /admin/health/banners/: the raised alerts of BANNER_KINDS, for the top of the back office. */
export async function backOfficeBanners(ctx: AppContext): Promise<z.infer<typeof BannerSchema>[]> {
  const alerts = await readAlerts(ctx);
  return alerts
    .filter((a) => a.raised && BANNER_KINDS.includes(a.kind))
    .map(({ kind, title, detail, since }) => ({ kind, title, detail, since }));
}

/** The backup condition on a site that has never made one, in its first day (checkBackup raises
 * the alert after that): not an alert yet, never "OK". */
export const NO_BACKUP_YET =
  'No backup yet. Run npm run backup and schedule it daily: the alert is raised once the site has held data for a day.';

type Alert = z.infer<typeof SiteHealthSchema>['alerts'][number];

/** GET /admin/health/: each watched condition, green or raised (with its detail and since when),
 * and the last backup made (any outcome), or null when there has never been one. */
export async function siteHealth(ctx: AppContext): Promise<z.infer<typeof SiteHealthSchema>> {
  const disk = await diskSpace(ctx);
  let alerts: Alert[];
  let last: typeof backups.$inferSelect | undefined;
  try {
    const [read, done] = await Promise.all([
      readAlerts(ctx),
      ctx.db.select({ id: backups.id }).from(backups).where(eq(backups.status, 'done')).limit(1),
    ]);
    alerts = read.map((a) => ({
      ...a,
      notice: a.kind === 'backup' && !a.raised && done.length === 0 ? NO_BACKUP_YET : null,
    }));
    [last] = await ctx.db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(1);
  } catch (error) {
    // the database out of reach: what this instance knows, from its memory
    if (!isDatabaseUnreachable(error)) throw error;
    noteDatabaseFailure(ctx, error);
    return { alerts: withMemory(ctx, blankAlerts(), disk), last_backup: null, disk, from_memory: true };
  }
  return {
    alerts: withMemory(ctx, alerts, disk),
    disk,
    from_memory: false,
    last_backup: last
      ? {
          started_at: last.startedAt.toISOString(),
          finished_at: last.finishedAt?.toISOString() ?? null,
          status: last.status,
          bytes: last.bytes,
          error: last.error,
        }
      : null,
  };
}

function blankAlerts(): Alert[] {
  return HEALTH_KINDS.map((kind) => ({
    kind,
    title: HEALTH_TITLES[kind],
    raised: false,
    detail: null,
    since: null,
    cleared_at: null,
    notice: null,
  }));
}

/** The database's own alerts as this instance holds them in memory (not yet recorded: the
 * database could not take them) over what the table says. */
function withMemory(ctx: AppContext, alerts: Alert[], disk: DiskSpace | null): Alert[] {
  const trouble = databaseTrouble(ctx);
  const unreachable = trouble.unreachable ?? lastEnded(ctx, 'unreachable');
  const full = trouble.full ?? lastEnded(ctx, 'full');
  return alerts.map((alert) => {
    if (alert.kind === 'unreachable' && unreachable) {
      return { ...alert, raised: true, detail: unreachableText(unreachable), since: unreachable.from.toISOString() };
    }
    if (alert.kind === 'disk' && full) {
      return { ...alert, raised: true, detail: diskFullText(full, spaceText(disk)), since: full.from.toISOString() };
    }
    return alert;
  });
}
