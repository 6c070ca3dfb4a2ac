import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isDatabaseUnreachable } from '../db/client.ts';
import { databaseTrouble, noteDatabaseFailure } from '../db/faults.ts';
import { backups } from '../db/schema-operations.ts';
import { HEALTH_KINDS, HEALTH_TITLES, readAlerts } from './alerts.ts';
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

type Alert = z.infer<typeof SiteHealthSchema>['alerts'][number];

/** GET /admin/health/: each watched condition, green or raised (with its detail and since when),
 * and the last backup made (any outcome), or null when there has never been one. */
export async function siteHealth(ctx: AppContext): Promise<z.infer<typeof SiteHealthSchema>> {
  const disk = await diskSpace(ctx);
  let alerts: Alert[];
  let last: typeof backups.$inferSelect | undefined;
  try {
    alerts = await readAlerts(ctx);
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
