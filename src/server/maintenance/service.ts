import { eq } from 'drizzle-orm';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { mayServeLastKnown, noteDatabaseAnswered } from '../db/faults.ts';
import { announcement } from '../db/notify.ts';
import { siteSettings } from '../db/schema.ts';
import type { AuthUser } from '../plugins/auth.ts';

const KEY = 'maintenance';
/** Other instances sharing the database see a toggle within this time when it is not pushed to
 * them (the listening connection down, or none: db/notify.ts). */
const CACHE_MS = 2000;
/** How long a read holds while toggles are pushed: a net under a lost notification. */
const PUSHED_CACHE_MS = 60_000;

interface Cached {
  enabled: boolean;
  /** Until when (ms since the epoch) the value may be used without reading it again. */
  until: number;
  /** The read under way, so that many requests at the moment the switch goes stale share one. */
  reading?: Promise<boolean>;
}

const cache = new WeakMap<AppContext, Cached>();
/** The switch as last read or set, kept while the database is out of reach (db/faults.ts). */
const lastKnown = new WeakMap<AppContext, boolean>();
/** The apps that hear other instances' toggles at once (db/notify.ts). */
const pushed = new WeakSet<AppContext>();

/** The switch as last read, if that is recent enough (no promise: the request path's fast way). */
export function maintenanceIfKnown(ctx: AppContext): boolean | undefined {
  const hit = cache.get(ctx);
  return hit && Date.now() < hit.until ? hit.enabled : undefined;
}

/** How long a value read now may be used. */
function holdUntil(ctx: AppContext): number {
  return Date.now() + (pushed.has(ctx) ? PUSHED_CACHE_MS : CACHE_MS);
}

/** Another instance turned the switch (a NOTIFY): read it at once. */
export function maintenanceChanged(ctx: AppContext): void {
  cache.delete(ctx);
  isMaintenanceEnabled(ctx).catch(() => {
    // the next request reads it
  });
}

/** Whether toggles are pushed to this app (its listening connection is up); when they stop being
 * pushed, the value held is dropped, and read again every CACHE_MS. */
export function setMaintenancePushed(ctx: AppContext, on: boolean): void {
  if (on) pushed.add(ctx);
  else {
    pushed.delete(ctx);
    cache.delete(ctx);
  }
}

export async function isMaintenanceEnabled(ctx: AppContext): Promise<boolean> {
  const known = maintenanceIfKnown(ctx);
  if (known !== undefined) return known;
  const hit = cache.get(ctx);
  if (hit?.reading) return hit.reading;
  // the database out of reach: the switch last known holds a while (db/faults.ts), read again
  // every CACHE_MS; every caller sharing the read gets the same answer
  const reading = readSwitch(ctx).then(
    (enabled) => ({ enabled, until: holdUntil(ctx) }),
    (error: unknown) => {
      const known = lastKnown.get(ctx);
      if (known !== undefined && mayServeLastKnown(ctx, error)) return { enabled: known, until: Date.now() + CACHE_MS };
      throw error;
    },
  );
  const shared = reading.then((read) => read.enabled);
  // a failure reaches whoever awaits it; unawaited, it must not end the process
  shared.catch(() => {});
  // until the read lands, callers share it (and a stale value is never served)
  cache.set(ctx, { enabled: hit?.enabled ?? false, until: 0, reading: shared });
  try {
    const read = await reading;
    if (cache.get(ctx)?.reading === shared) cache.set(ctx, read);
    return read.enabled;
  } catch (error) {
    if (cache.get(ctx)?.reading === shared) cache.delete(ctx);
    throw error;
  }
}

async function readSwitch(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  noteDatabaseAnswered(ctx);
  const enabled = (row?.value as { enabled?: boolean } | undefined)?.enabled === true;
  lastKnown.set(ctx, enabled);
  return enabled;
}

/** Forgets the cached switch (tests empty the tables between cases). */
export function resetMaintenanceCache(ctx: AppContext): void {
  cache.delete(ctx);
  lastKnown.delete(ctx);
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
  const turned = ctx.db.$with('turned').as(
    ctx.db
      .insert(siteSettings)
      .values({ key: KEY, value, updatedAt: ctx.now() })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: ctx.now() } })
      .returning({ key: siteSettings.key }),
  );
  // every instance is told in the same statement (db/notify.ts)
  await ctx.db
    .with(turned)
    .select({ told: announcement('maintenance') })
    .from(turned);
  cache.set(ctx, { enabled, until: holdUntil(ctx) });
  lastKnown.set(ctx, enabled);
  return { is_enabled: enabled };
}
