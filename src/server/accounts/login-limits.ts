import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { loginFailures } from '../db/schema.ts';
import { shiftMs } from './tokens.ts';

/**
 * Failed sign-ins (docs/decisions/0007-sign-in-limits.md):
 * - an address that failed 10 times in a minute is refused (429), whatever it tries;
 * - an account that failed 10 times in 15 minutes is "under attack": while it is, an address that
 *   has itself failed on it 3 times in those 15 minutes is refused for that account. An address
 *   with fewer still has its password checked, so the owner signs in (typos and all) while
 *   someone else guesses: the account limit slows the guessers without locking the owner out.
 * - IPv6 addresses count by their /64 network.
 */
export const LOGIN_LIMITS = {
  address: { max: 10, windowMs: 60 * 1000 },
  account: { max: 10, windowMs: 15 * 60 * 1000 },
  /** While an account is under attack, the failures an address may have on it before it is
   * refused for it: an owner who mistypes once or twice still gets in. */
  addressOnAccount: { max: 3 },
} as const;

/** The address an attempt is counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber's line holds a whole /64, so counting single IPv6 addresses would
 * give an attacker billions of fresh ones). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The counters one attempt falls under: its address, its account, and the pair of the two. The
 * account key is the lower-cased username as typed, whether or not such an account exists, so
 * the limit reveals nothing. */
export interface LoginKeys {
  address: string;
  account: string;
  pair: string;
}

export function failureKeys(ip: string, username: string): LoginKeys {
  const account = username.trim().toLowerCase();
  const address = addressKey(ip);
  return { address: `ip:${address}`, account: `user:${account}`, pair: `pair:${address} ${account}` };
}

/** An attempt counted as a failure until it proves otherwise: the ids of its rows. */
export interface LoginAttempt {
  keys: LoginKeys;
  rowIds: number[];
}

interface Counts {
  address: number;
  account: number;
  pair: number;
}

async function countFailures(ctx: AppContext, keys: LoginKeys): Promise<Counts> {
  const now = ctx.now();
  const addressSince = shiftMs(now, -LOGIN_LIMITS.address.windowMs).toISOString();
  const accountSince = shiftMs(now, -LOGIN_LIMITS.account.windowMs);
  const within = (key: string, since: string) =>
    sql<number>`count(*) filter (where ${loginFailures.key} = ${key} and ${loginFailures.at} > ${since}::timestamptz)`.mapWith(
      Number,
    );
  const [row] = await ctx.db
    .select({
      address: within(keys.address, addressSince),
      account: within(keys.account, accountSince.toISOString()),
      pair: within(keys.pair, accountSince.toISOString()),
    })
    .from(loginFailures)
    .where(
      and(inArray(loginFailures.key, [keys.address, keys.account, keys.pair]), gt(loginFailures.at, accountSince)),
    );
  return row ?? { address: 0, account: 0, pair: 0 };
}

/** Whether the limits refuse an attempt, given the counts and how many of them are its own (0
 * before its rows are written, 1 after). */
function refused(counts: Counts, own: 0 | 1): boolean {
  if (counts.address - own >= LOGIN_LIMITS.address.max) return true;
  const underAttack = counts.account - own >= LOGIN_LIMITS.account.max;
  return underAttack && counts.pair - own >= LOGIN_LIMITS.addressOnAccount.max;
}

/**
 * Starts a sign-in attempt: returns null when the limits refuse it (answer 429 without looking at
 * the password); otherwise counts it as a failure first — its rows are written before the
 * password is checked — and counts again with them. Attempts made at the same moment each see the
 * others' rows, so no more of them reach the password check than the limits allow (a burst at the
 * limit may refuse one too many, never let one too many through). A refused attempt's rows are
 * removed again: only checked passwords count.
 */
export async function beginLoginAttempt(ctx: AppContext, keys: LoginKeys): Promise<LoginAttempt | null> {
  if (refused(await countFailures(ctx, keys), 0)) return null;
  const at = ctx.now();
  const rows = await ctx.db
    .insert(loginFailures)
    .values([keys.address, keys.account, keys.pair].map((key) => ({ key, at })))
    .returning({ id: loginFailures.id });
  const attempt = { keys, rowIds: rows.map((r) => r.id) };
  if (refused(await countFailures(ctx, keys), 1)) {
    await ctx.db.delete(loginFailures).where(inArray(loginFailures.id, attempt.rowIds));
    return null;
  }
  return attempt;
}

/**
 * The password was right: the attempt does not count, and the address has proved it knows the
 * password, so its earlier failures on this account are withdrawn — its pair rows, and as many of
 * the account's rows. The address's own counter keeps them (a minute's window).
 */
export async function loginSucceeded(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  const { keys } = attempt;
  await attemptWithdrawn(ctx, attempt);
  const since = shiftMs(ctx.now(), -LOGIN_LIMITS.account.windowMs);
  const withdrawn = await ctx.db
    .delete(loginFailures)
    .where(eq(loginFailures.key, keys.pair))
    .returning({ at: loginFailures.at });
  // The account rows this attempt wrote are gone already; withdraw one per earlier pair failure.
  const earlier = withdrawn.filter((r) => r.at > since).length;
  if (earlier === 0) return;
  await ctx.db.execute(
    sql`delete from ${loginFailures} where ${loginFailures.id} in (select ${loginFailures.id} from ${loginFailures} where ${loginFailures.key} = ${keys.account} order by ${loginFailures.at} desc limit ${earlier})`,
  );
}

/**
 * The attempt does not count, and nothing else is withdrawn: a right password of an account that
 * also needs an authenticator's code (docs/decisions/0047), which proves nothing until the code is
 * right too — so an address that knows the password and guesses codes keeps its failures.
 */
export async function attemptWithdrawn(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  await ctx.db.delete(loginFailures).where(inArray(loginFailures.id, attempt.rowIds));
}

/** Failures sweep out expired rows at most this often (per instance). */
export const SWEEP_EVERY_MS = 60 * 1000;
const lastSweep = new WeakMap<AppContext, number>();

/**
 * The password was wrong: the attempt's rows stay. Rows older than the longest window count for
 * nothing, so a failure also deletes them, for every key — at most once a minute per instance,
 * which keeps the table to about 15 minutes of failures for the price of one small delete a
 * minute while anyone is failing.
 */
export async function loginFailed(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const last = lastSweep.get(ctx);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now.getTime());
  await ctx.db.delete(loginFailures).where(lt(loginFailures.at, shiftMs(now, -LOGIN_LIMITS.account.windowMs)));
}
