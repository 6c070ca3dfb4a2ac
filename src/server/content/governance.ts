import { eq } from 'drizzle-orm';
import { CONTENT_MSG, validateGovernance } from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { throwIfAny } from './shared.ts';

/** The governance paragraph lives in site_settings under this key as `{ paragraph }`. */
const KEY = 'governance';

/** The paragraph, or 404 'No governance information available.' while there is none (the
 * spec: a 404 means empty). */
export async function readGovernance(ctx: AppContext): Promise<{ paragraph: string }> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const paragraph = (row?.value as { paragraph?: unknown } | undefined)?.paragraph;
  if (typeof paragraph !== 'string' || !paragraph.trim()) throw AppError.notFound(CONTENT_MSG.governanceEmpty);
  return { paragraph };
}

export async function updateGovernance(ctx: AppContext, input: { paragraph: string }): Promise<{ paragraph: string }> {
  throwIfAny(validateGovernance(input));
  const value = { paragraph: input.paragraph };
  await ctx.db
    .insert(siteSettings)
    .values({ key: KEY, value, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: ctx.now() } });
  await invalidatePublicCache(ctx);
  return value;
}
