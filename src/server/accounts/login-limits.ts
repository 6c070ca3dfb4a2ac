import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { loginFailures } from '../db/schema.ts';
import { shiftMs } from './tokens.ts';

/** Failed sign-ins allowed inside each window before further attempts answer 429. */
export const LOGIN_LIMITS = {
  address: { max: 10, windowMs: 60 * 1000 },
  account: { max: 10, windowMs: 15 * 60 * 1000 },
} as const;

/** The two counters a sign-in attempt falls under. The account key is the lower-cased username
 * as typed, whether or not such an account exists, so the limit reveals nothing. */
export function failureKeys(ip: string, username: string): { address: string; account: string } {
  return { address: `ip:${ip}`, account: `user:${username.trim().toLowerCase()}` };
}

async function failuresSince(ctx: AppContext, key: string, windowMs: number): Promise<number> {
  const since = shiftMs(ctx.now(), -windowMs);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

/** True when either the address or the account has used up its failed attempts. */
export async function isLoginBlocked(ctx: AppContext, keys: { address: string; account: string }): Promise<boolean> {
  const { address, account } = LOGIN_LIMITS;
  if ((await failuresSince(ctx, keys.address, address.windowMs)) >= address.max) return true;
  return (await failuresSince(ctx, keys.account, account.windowMs)) >= account.max;
}

/** Counts one failed sign-in against both keys, and drops their entries older than any window. */
export async function recordLoginFailure(ctx: AppContext, keys: { address: string; account: string }): Promise<void> {
  const now = ctx.now();
  const both = [keys.address, keys.account];
  await ctx.db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, both), lt(loginFailures.at, shiftMs(now, -LOGIN_LIMITS.account.windowMs))));
  await ctx.db.insert(loginFailures).values(both.map((key) => ({ key, at: now })));
}

/** A successful sign-in clears the account's counter (the address keeps its own). */
export async function clearAccountFailures(ctx: AppContext, keys: { account: string }): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, keys.account));
}
