import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rateLimits } from './schema.ts';

/**
 * Limits shared by every instance on one database (issue 24): a fixed-window counter per
 * (bucket, key) in the `rate_limits` table. `hit` counts one more and says whether it is still
 * within `max` for the window that `now` falls in. One statement, so simultaneous hits from any
 * number of processes are all counted.
 */
export interface SharedLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface LimitHit {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

export async function hit(ctx: AppContext, limit: SharedLimit, key: string): Promise<LimitHit> {
  const now = ctx.now().getTime();
  const start = now - (now % limit.windowMs);
  const result = await ctx.db
    .insert(rateLimits)
    .values({ bucket: limit.bucket, key, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = result[0]?.count ?? 1;
  return {
    allowed: count <= limit.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - now) / 1000)),
  };
}

/** Deletes windows that ended more than `olderThanMs` ago (the jobs call it). */
export async function pruneLimits(ctx: AppContext, olderThanMs = 60 * 60 * 1000): Promise<void> {
  await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(ctx.now().getTime() - olderThanMs)));
}
