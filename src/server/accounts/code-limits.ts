import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { loginFailures } from '../db/schema.ts';
import { addressKey, LOGIN_LIMITS } from './login-limits.ts';
import { shiftMs } from './tokens.ts';

/**
 * Wrong codes at the sign-in's second step (issue 37, docs/decisions/0061), counted apart from the
 * passwords' failures, in the same table (`login_failures`, under keys of their own):
 * - per challenge: a challenge takes 5 wrong codes; after them it answers 429, so more guesses
 *   need the password again (itself limited);
 * - per account: 10 wrong codes in 15 minutes, from anywhere, and the account's code step answers
 *   429 until they age out. A code is six digits: unlike a password, it cannot be left to "three
 *   per address" (0007), which many addresses would multiply;
 * - per address: a ceiling of 300 wrong codes in 15 minutes, far above what one club house
 *   produces on race day, so one person's mistakes never make another account wait.
 * Each refusal is the sign-in's 429 with its words, the right code included. Only someone who knows
 * the account's password reaches the code step, so only they can use up the account's allowance.
 */
export const CODE_LIMITS = {
  challenge: { max: 5 },
  account: { max: 10, windowMs: 15 * 60 * 1000 },
  address: { max: 300, windowMs: 15 * 60 * 1000 },
} as const;

// the sweep in login-limits.ts (loginFailed) deletes rows older than its longest window
if (Math.max(CODE_LIMITS.account.windowMs, CODE_LIMITS.address.windowMs) > LOGIN_LIMITS.account.windowMs) {
  throw new Error('code-limits: a window longer than the sweep keeps its rows');
}

export interface CodeKeys {
  address: string;
  account: string;
  challenge: string;
}

/** The counters of one code: the address (IPv6 by /64), the account by id, the challenge by id. */
export function codeKeys(ip: string, userId: number, challengeId: string): CodeKeys {
  return {
    address: `code-ip:${addressKey(ip)}`,
    account: `code-user:${userId}`,
    challenge: `code-challenge:${challengeId}`,
  };
}

/** A code counted as wrong until it proves otherwise: the ids of its rows. */
export interface CodeAttempt {
  keys: CodeKeys;
  rowIds: number[];
}

type Counts = Record<keyof CodeKeys, number>;

async function countWrongCodes(ctx: AppContext, keys: CodeKeys): Promise<Counts> {
  const since = shiftMs(ctx.now(), -CODE_LIMITS.account.windowMs);
  const within = (key: string) => sql<number>`count(*) filter (where ${loginFailures.key} = ${key})`.mapWith(Number);
  const [row] = await ctx.db
    .select({ address: within(keys.address), account: within(keys.account), challenge: within(keys.challenge) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.address, keys.account, keys.challenge]), gt(loginFailures.at, since)));
  return row ?? { address: 0, account: 0, challenge: 0 };
}

/** Whether the limits refuse a code, given the counts and how many of them are its own. */
function refused(counts: Counts, own: 0 | 1): boolean {
  return (
    counts.address - own >= CODE_LIMITS.address.max ||
    counts.account - own >= CODE_LIMITS.account.max ||
    counts.challenge - own >= CODE_LIMITS.challenge.max
  );
}

/**
 * Starts a code's attempt as beginLoginAttempt does a password's: null when the limits refuse it
 * (before its rows are written), otherwise counted as wrong first and counted again with its rows,
 * so codes sent at the same moment cannot exceed the limits (a refused attempt's rows are removed
 * again).
 */
export async function beginCodeAttempt(ctx: AppContext, keys: CodeKeys): Promise<CodeAttempt | null> {
  if (refused(await countWrongCodes(ctx, keys), 0)) return null;
  const at = ctx.now();
  const rows = await ctx.db
    .insert(loginFailures)
    .values([keys.address, keys.account, keys.challenge].map((key) => ({ key, at })))
    .returning({ id: loginFailures.id });
  const attempt = { keys, rowIds: rows.map((r) => r.id) };
  if (refused(await countWrongCodes(ctx, keys), 1)) {
    await codeAttemptWithdrawn(ctx, attempt);
    return null;
  }
  return attempt;
}

/** The attempt does not count (its challenge was refused before the code was looked at). */
export async function codeAttemptWithdrawn(ctx: AppContext, attempt: CodeAttempt): Promise<void> {
  await ctx.db.delete(loginFailures).where(inArray(loginFailures.id, attempt.rowIds));
}

/**
 * The code was right: the attempt does not count, and the wrong codes typed on this challenge were
 * the owner's own (the same sign-in ended with the right code), so they are withdrawn from the
 * account's count too. The address keeps them.
 */
export async function codeSucceeded(ctx: AppContext, attempt: CodeAttempt): Promise<void> {
  const { keys } = attempt;
  await codeAttemptWithdrawn(ctx, attempt);
  const earlier = await ctx.db
    .delete(loginFailures)
    .where(eq(loginFailures.key, keys.challenge))
    .returning({ id: loginFailures.id });
  if (earlier.length === 0) return;
  await ctx.db.execute(
    sql`delete from ${loginFailures} where ${loginFailures.id} in (select ${loginFailures.id} from ${loginFailures} where ${loginFailures.key} = ${keys.account} order by ${loginFailures.at} desc limit ${earlier.length})`,
  );
}
