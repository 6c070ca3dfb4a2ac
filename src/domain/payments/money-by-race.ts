import { PAYMENT_PROVIDERS, type PaymentProvider } from './index.ts';
import { isQueuedRefund } from './refund-schedule.ts';

/**
 * Money by race (issue 35, "the treasurer's view"): for each race of a period, what its paid
 * entries brought in, what went back and why, what is still owed, and what the association keeps,
 * by provider. Pure arithmetic over the payments of the period, their lines and their refunds; the
 * server reads them (server/payments/money-by-race.ts).
 *
 * The figures add up to payments.csv for the same payments, to the penny:
 * - taken: a settled payment's amount, given to the races of its lines by their prices (what is
 *   left over, if anything, is "Not tied to a race"); a payment that never settled but whose
 *   provider took money (an amount mismatch, refunded in full) brings what the provider took, not
 *   tied to a race.
 * - refunded: the refunds made (by the provider or by hand), given to the races of the lines they
 *   gave back (split by the lines' prices when they gave back several); a refund of no line (the
 *   full refund of an amount mismatch) is not tied to a race.
 * - still owed (the refunds waiting for an administrator) and on its way (being sent or retried):
 *   the refunds not made yet, given to races the same way.
 * - net = taken − refunded.
 */

/** Why money went back: the stored causes, with a family's and an administrator's asks apart. */
export const REFUND_KINDS = [
  'place_lost',
  'line_removed',
  'event_cancelled',
  'amount_mismatch',
  'family',
  'admin',
] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export const REFUND_KIND_LABEL: Record<RefundKind, string> = {
  place_lost: 'Place lost',
  line_removed: 'Line removed',
  event_cancelled: 'Race cancelled',
  amount_mismatch: 'Amount mismatch',
  family: 'Asked for by a family',
  admin: 'Asked for by an administrator',
};

/** One payment of the period as the sums read it. */
export interface PaymentFacts {
  userId: number;
  provider: PaymentProvider;
  status: 'started' | 'succeeded' | 'canceled';
  amountPence: number;
  /** What the provider took when it differed from what was asked (amount mismatch). */
  paidAmountPence: number | null;
  lines: { id: number; eventId: number; pricePence: number; refundId: number | null }[];
  refunds: {
    id: number;
    amountPence: number;
    cause: 'place_lost' | 'line_removed' | 'event_cancelled' | 'amount_mismatch' | 'requested';
    status: string;
    attempts: number;
    requestedBy: number | null;
  }[];
}

/** The figures of one race (or of the money not tied to one), in pence. */
export interface MoneyPence {
  /** Entries paid for (lines of settled payments, whatever became of them). */
  entries: number;
  taken: number;
  /** Refunds the provider made, by why. */
  refunded: Record<RefundKind, number>;
  /** Refunds an administrator made by hand (any cause). */
  byHand: number;
  /** What a family's cancellations kept back (the race's fee): part of net. */
  feesKept: number;
  /** Refunds waiting for an administrator (refused, or failed on every try). */
  owed: number;
  /** Refunds being sent, pending at the provider, or failed with tries left. */
  onItsWay: number;
}

export function noMoney(): MoneyPence {
  return {
    entries: 0,
    taken: 0,
    refunded: { place_lost: 0, line_removed: 0, event_cancelled: 0, amount_mismatch: 0, family: 0, admin: 0 },
    byHand: 0,
    feesKept: 0,
    owed: 0,
    onItsWay: 0,
  };
}

/** Everything refunded: by the provider, whatever the cause, and by hand. */
export function refundedTotal(m: MoneyPence): number {
  return REFUND_KINDS.reduce((sum, kind) => sum + m.refunded[kind], m.byHand);
}

/** What the association keeps now: taken less refunded (owed and on-its-way money is still held). */
export function netOf(m: MoneyPence): number {
  return m.taken - refundedTotal(m);
}

/** `a` with `b` added in. */
export function addMoney(a: MoneyPence, b: MoneyPence): MoneyPence {
  const refunded = { ...a.refunded };
  for (const kind of REFUND_KINDS) refunded[kind] += b.refunded[kind];
  return {
    entries: a.entries + b.entries,
    taken: a.taken + b.taken,
    refunded,
    byHand: a.byHand + b.byHand,
    feesKept: a.feesKept + b.feesKept,
    owed: a.owed + b.owed,
    onItsWay: a.onItsWay + b.onItsWay,
  };
}

/** Which column a refund goes in: a refund asked for by the payer is the family's; by anyone else
 * (remove with refund), an administrator's. */
export function refundKind(refund: Pick<PaymentFacts['refunds'][number], 'cause' | 'requestedBy'>, payerId: number) {
  if (refund.cause !== 'requested') return refund.cause;
  return refund.requestedBy !== null && refund.requestedBy === payerId ? 'family' : 'admin';
}

/** Where a refund stands: made by the provider, made by hand, waiting for an administrator, or on
 * its way (requested, being sent, pending, failed with tries left). */
export function refundStage(refund: { status: string; attempts: number }): 'made' | 'by_hand' | 'owed' | 'on_its_way' {
  if (refund.status === 'succeeded') return 'made';
  if (refund.status === 'manual') return 'by_hand';
  return isQueuedRefund(refund) ? 'owed' : 'on_its_way';
}

/** `amount` pence split in proportion to `weights`, in whole pence that add up to `amount` exactly
 * (largest remainders first; equal shares when every weight is 0). */
export function splitPence(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const parts = weights.map((w) => (total > 0 ? Math.max(0, w) / total : 1 / weights.length));
  const shares = parts.map((p) => Math.floor(amount * p));
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = parts
    .map((p, i) => ({ i, rest: amount * p - Math.floor(amount * p) }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) {
    const at = order[k]?.i ?? 0;
    shares[at] = (shares[at] ?? 0) + 1;
  }
  return shares;
}

/** The figures of one race and provider: `eventId` null for the money not tied to a race. */
export interface MoneyBucket {
  eventId: number | null;
  provider: PaymentProvider;
  money: MoneyPence;
}

/** The period's payments summed by race and provider (see the module's comment for each figure). */
export function moneyBuckets(payments: readonly PaymentFacts[]): MoneyBucket[] {
  const buckets = new Map<string, MoneyBucket>();
  const at = (eventId: number | null, provider: PaymentProvider): MoneyPence => {
    const key = `${eventId ?? '-'}:${provider}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { eventId, provider, money: noMoney() };
      buckets.set(key, bucket);
    }
    return bucket.money;
  };
  for (const p of payments) {
    const settled = p.status === 'succeeded';
    if (settled) {
      let lines = 0;
      for (const line of p.lines) {
        const m = at(line.eventId, p.provider);
        m.entries += 1;
        m.taken += line.pricePence;
        lines += line.pricePence;
      }
      if (p.amountPence !== lines) at(null, p.provider).taken += p.amountPence - lines;
    } else if (p.paidAmountPence) {
      at(null, p.provider).taken += p.paidAmountPence;
    }
    for (const refund of p.refunds) {
      // the lines it gave back, when the payment settled (else nothing it took is a race's)
      const lines = settled ? p.lines.filter((l) => l.refundId === refund.id) : [];
      const kind = refundKind(refund, p.userId);
      const stage = refundStage(refund);
      const shares = lines.length
        ? splitPence(
            refund.amountPence,
            lines.map((l) => l.pricePence),
          ).map((amount, i) => ({ line: lines[i], amount }))
        : [{ line: undefined, amount: refund.amountPence }];
      for (const { line, amount } of shares) {
        const m = at(line?.eventId ?? null, p.provider);
        if (stage === 'made') m.refunded[kind] += amount;
        else if (stage === 'by_hand') m.byHand += amount;
        else if (stage === 'owed') m.owed += amount;
        else m.onItsWay += amount;
        if (kind === 'family' && line) m.feesKept += line.pricePence - amount;
      }
    }
  }
  return [...buckets.values()];
}

/** The buckets summed by race (null: not tied to a race), whatever the provider. */
export function byRace(buckets: readonly MoneyBucket[]): Map<number | null, MoneyPence> {
  const out = new Map<number | null, MoneyPence>();
  for (const b of buckets) out.set(b.eventId, addMoney(out.get(b.eventId) ?? noMoney(), b.money));
  return out;
}

/** The buckets summed by provider, in the providers' order, those with nothing left out. */
export function byProvider(buckets: readonly MoneyBucket[]): { provider: PaymentProvider; money: MoneyPence }[] {
  return PAYMENT_PROVIDERS.map((provider) => ({
    provider,
    money: buckets.filter((b) => b.provider === provider).reduce((sum, b) => addMoney(sum, b.money), noMoney()),
  })).filter((p) => buckets.some((b) => b.provider === p.provider));
}

/** Every bucket summed: the period's total. */
export function totalOf(buckets: readonly MoneyBucket[]): MoneyPence {
  return buckets.reduce((sum, b) => addMoney(sum, b.money), noMoney());
}
