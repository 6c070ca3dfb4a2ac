import { eq } from 'drizzle-orm';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import type { AuthUser } from '../plugins/auth.ts';

const KEY = 'maintenance';
/** Other instances sharing the database see a toggle within this time. */
const CACHE_MS = 2000;

const cache = new WeakMap<AppContext, { enabled: boolean; at: number }>();

export async function isMaintenanceEnabled(ctx: AppContext): Promise<boolean> {
  const hit = cache.get(ctx);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.enabled;
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const enabled = (row?.value as { enabled?: boolean } | undefined)?.enabled === true;
  cache.set(ctx, { enabled, at: now });
  return enabled;
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
