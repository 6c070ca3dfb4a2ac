import { eq } from 'drizzle-orm';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import type { AuthUser } from '../plugins/auth.ts';

const KEY = 'maintenance';
/** Other instances sharing the database see a toggle within this time. */
const CACHE_MS = 2000;

interface Cached {
  enabled: boolean;
  at: number;
  /** The read under way, so that many requests at the moment the switch goes stale share one. */
  reading?: Promise<boolean>;
}

const cache = new WeakMap<AppContext, Cached>();

/** The switch as last read, if that was within CACHE_MS (no promise: the request path's fast way). */
export function maintenanceIfKnown(ctx: AppContext): boolean | undefined {
  const hit = cache.get(ctx);
  return hit && Date.now() - hit.at < CACHE_MS ? hit.enabled : undefined;
}

export async function isMaintenanceEnabled(ctx: AppContext): Promise<boolean> {
  const known = maintenanceIfKnown(ctx);
  if (known !== undefined) return known;
  const hit = cache.get(ctx);
  if (hit?.reading) return hit.reading;
  const reading = readSwitch(ctx);
  // until the read lands, callers share it (and a stale value is never served)
  cache.set(ctx, { enabled: hit?.enabled ?? false, at: 0, reading });
  try {
    const enabled = await reading;
    if (cache.get(ctx)?.reading === reading) cache.set(ctx, { enabled, at: Date.now() });
    return enabled;
  } catch (error) {
    if (cache.get(ctx)?.reading === reading) cache.delete(ctx);
    throw error;
  }
}

async function readSwitch(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  return (row?.value as { enabled?: boolean } | undefined)?.enabled === true;
}

/** Forgets the cached switch (tests empty the tables between cases). */
export function resetMaintenanceCache(ctx: AppContext): void {
  cache.delete(ctx);
}

export interface MaintenanceStatus {
  is_enabled: boolean;
  can_bypass: boolean;
  is_super_admin: boolean;
}

/** Only super administrators can bypass maintenance (doc 1 §4). */
export async function maintenanceStatus(ctx: AppContext, user: AuthUser | null): Promise<MaintenanceStatus> {
  const superAdmin = user ? isSuperAdmin(user) : false;
  return { is_enabled: await isMaintenanceEnabled(ctx), can_bypass: superAdmin, is_super_admin: superAdmin };
}

export async function setMaintenance(ctx: AppContext, enabled: boolean): Promise<{ is_enabled: boolean }> {
  const value = { enabled };
  await ctx.db
    .insert(siteSettings)
    .values({ key: KEY, value, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: ctx.now() } });
  cache.set(ctx, { enabled, at: Date.now() });
  return { is_enabled: enabled };
}
