import { eq, sql } from 'drizzle-orm';
import {
  type ContentBlocks,
  type ContentUpdate,
  contentPatch,
  defaultContentBlocks,
  resolveContentBlocks,
  validateContentUpdate,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { throwIfAny } from './shared.ts';

/** The edited blocks live in site_settings under this key; a block not stored shows its default. */
const KEY = 'content';

const defaults = (ctx: AppContext) => defaultContentBlocks(ctx.config.association);

export async function readContentBlocks(ctx: AppContext): Promise<ContentBlocks> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  return resolveContentBlocks(row?.value, defaults(ctx));
}

/**
 * Sets the blocks sent and puts back to default the ones sent empty or null, in one statement
 * (stored JSON merged with the new blocks, reset keys removed), so two administrators editing
 * different blocks at the same moment do not undo each other.
 */
export async function updateContentBlocks(ctx: AppContext, update: ContentUpdate): Promise<ContentBlocks> {
  throwIfAny(validateContentUpdate(update));
  const { set, reset } = contentPatch(update);
  const removed = reset.map((key) => sql` - ${key}::text`);
  const [row] = await ctx.db
    .insert(siteSettings)
    .values({ key: KEY, value: set, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: {
        value: sql`(${siteSettings.value} || excluded.value)${sql.join(removed, sql``)}`,
        updatedAt: ctx.now(),
      },
    })
    .returning();
  await invalidatePublicCache(ctx);
  return resolveContentBlocks(row?.value, defaults(ctx));
}
