import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { backups } from '../db/schema-operations.ts';
import { HEALTH_KINDS, readAlerts } from './alerts.ts';

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
});

/** GET /admin/health/: each watched condition, green or raised (with its detail and since when),
 * and the last backup made (any outcome), or null when there has never been one. */
export async function siteHealth(ctx: AppContext): Promise<z.infer<typeof SiteHealthSchema>> {
  const alerts = await readAlerts(ctx);
  const [last] = await ctx.db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(1);
  return {
    alerts,
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
