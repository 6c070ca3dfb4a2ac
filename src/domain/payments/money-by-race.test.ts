import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byProvider,
  byRace,
  moneyBuckets,
  netOf,
  noMoney,
  type PaymentFacts,
  refundedTotal,
  refundKind,
  refundStage,
  splitPence,
  totalOf,
} from './money-by-race.ts';
import { REFUND_TRIES } from './refund-schedule.ts';

const PAYER = 7;
const ADMIN = 99;
const RACE = 1;
const OTHER = 2;

function paid(over: Partial<PaymentFacts> = {}): PaymentFacts {
  return {
    userId: PAYER,
    provider: 'stripe',
    status: 'succeeded',
    amountPence: 5000,
    paidAmountPence: null,
    lines: [
      { id: 1, eventId: RACE, pricePence: 2500, refundId: null },
      { id: 2, eventId: RACE, pricePence: 2500, refundId: null },
    ],
    refunds: [],
    ...over,
  };
}

type Refund = PaymentFacts['refunds'][number];
const refund = (over: Partial<Refund>): Refund => ({
  id: 10,
  amountPence: 2500,
  cause: 'place_lost',
  status: 'succeeded',
  attempts: 1,
  requestedBy: null,
  ...over,
});

describe('splitPence', () => {
  it('splits by weight in whole pence that add up exactly', () => {
    expect(splitPence(2500, [2500])).toEqual([2500]);
    expect(splitPence(3500, [2500, 1000])).toEqual([2500, 1000]);
    expect(splitPence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitPence(7, [0, 0])).toEqual([4, 3]);
    expect(splitPence(0, [5, 5])).toEqual([0, 0]);
    expect(splitPence(10, [])).toEqual([]);
  });

  it('always adds up to the amount, never below 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const shares = splitPence(amount, weights);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
          expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('which column a refund goes in', () => {
  it('the stored causes, and a request apart by who asked', () => {
    expect(refundKind({ cause: 'event_cancelled', requestedBy: null }, PAYER)).toBe('event_cancelled');
    expect(refundKind({ cause: 'requested', requestedBy: PAYER }, PAYER)).toBe('family');
    expect(refundKind({ cause: 'requested', requestedBy: ADMIN }, PAYER)).toBe('admin');
    expect(refundKind({ cause: 'requested', requestedBy: null }, PAYER)).toBe('admin');
  });

  it('made, by hand, waiting for an administrator, or on its way', () => {
    expect(refundStage({ status: 'succeeded', attempts: 1 })).toBe('made');
    expect(refundStage({ status: 'manual', attempts: 5 })).toBe('by_hand');
    expect(refundStage({ status: 'refused', attempts: 1 })).toBe('owed');
    expect(refundStage({ status: 'failed', attempts: REFUND_TRIES })).toBe('owed');
    expect(refundStage({ status: 'failed', attempts: REFUND_TRIES - 1 })).toBe('on_its_way');
    for (const status of ['requested', 'sending', 'pending']) {
      expect(refundStage({ status, attempts: 0 })).toBe('on_its_way');
    }
  });
});

describe('moneyBuckets', () => {
  it('a settled payment: its lines are its races’ entries and money taken', () => {
    const buckets = moneyBuckets([
      paid({
        amountPence: 3500,
        lines: [
          { id: 1, eventId: RACE, pricePence: 2500, refundId: null },
          { id: 2, eventId: OTHER, pricePence: 1000, refundId: null },
        ],
      }),
    ]);
    const races = byRace(buckets);
    expect([races.get(RACE)?.entries, races.get(RACE)?.taken]).toEqual([1, 2500]);
    expect([races.get(OTHER)?.entries, races.get(OTHER)?.taken]).toEqual([1, 1000]);
    expect(races.has(null)).toBe(false);
    expect(netOf(totalOf(buckets))).toBe(3500);
  });

  it('payments that never settled bring nothing, unless the provider took money (an amount mismatch, not tied to a race)', () => {
    const buckets = moneyBuckets([
      paid({ status: 'canceled' }),
      paid({ status: 'started' }),
      paid({
        status: 'canceled',
        provider: 'paypal',
        paidAmountPence: 4800,
        refunds: [refund({ amountPence: 4800, cause: 'amount_mismatch' })],
      }),
    ]);
    expect(buckets.map((b) => [b.eventId, b.provider])).toEqual([[null, 'paypal']]);
    const m = buckets[0]?.money ?? noMoney();
    expect([m.entries, m.taken, m.refunded.amount_mismatch, netOf(m)]).toEqual([0, 4800, 4800, 0]);
  });

  it('a family’s cancellation: the refund in its column, the fee kept, both on the line’s race', () => {
    const [m] = [
      ...byRace(
        moneyBuckets([
          paid({
            lines: [
              { id: 1, eventId: RACE, pricePence: 2500, refundId: 10 },
              { id: 2, eventId: RACE, pricePence: 2500, refundId: null },
            ],
            refunds: [refund({ amountPence: 2000, cause: 'requested', requestedBy: PAYER })],
          }),
        ]),
      ).values(),
    ];
    expect(m).toMatchObject({ entries: 2, taken: 5000, feesKept: 500 });
    expect(m?.refunded.family).toBe(2000);
    expect(netOf(m ?? noMoney())).toBe(3000);
  });

  it('each refund in the column of its cause and stage; net counts only the refunds made', () => {
    const lines = [1, 2, 3, 4, 5, 6].map((id) => ({ id, eventId: RACE, pricePence: 1000, refundId: id + 10 }));
    const [m] = [
      ...byRace(
        moneyBuckets([
          paid({
            amountPence: 6000,
            lines,
            refunds: [
              refund({ id: 11, amountPence: 1000, cause: 'place_lost' }),
              refund({ id: 12, amountPence: 1000, cause: 'requested', requestedBy: ADMIN }),
              refund({ id: 13, amountPence: 1000, cause: 'event_cancelled', status: 'manual' }),
              refund({ id: 14, amountPence: 1000, cause: 'line_removed', status: 'refused' }),
              refund({ id: 15, amountPence: 1000, cause: 'place_lost', status: 'failed', attempts: 2 }),
              refund({ id: 16, amountPence: 1000, cause: 'place_lost', status: 'pending' }),
            ],
          }),
        ]),
      ).values(),
    ];
    const money = m ?? noMoney();
    expect(money.refunded).toEqual({
      place_lost: 1000,
      line_removed: 0,
      event_cancelled: 0,
      amount_mismatch: 0,
      family: 0,
      admin: 1000,
    });
    expect([money.byHand, money.owed, money.onItsWay, money.feesKept]).toEqual([1000, 1000, 2000, 0]);
    expect([refundedTotal(money), netOf(money)]).toEqual([3000, 3000]);
  });

  it('a refund of lines of two races is split by their prices; one of no line is not tied to a race', () => {
    const buckets = moneyBuckets([
      paid({
        amountPence: 3500,
        lines: [
          { id: 1, eventId: RACE, pricePence: 2500, refundId: 10 },
          { id: 2, eventId: OTHER, pricePence: 1000, refundId: 10 },
        ],
        refunds: [refund({ amountPence: 3500, cause: 'place_lost' })],
      }),
      paid({
        amountPence: 2500,
        lines: [{ id: 3, eventId: RACE, pricePence: 2500, refundId: null }],
        refunds: [refund({ id: 20, amountPence: 100, cause: 'line_removed', status: 'requested' })],
      }),
    ]);
    const races = byRace(buckets);
    expect(races.get(RACE)?.refunded.place_lost).toBe(2500);
    expect(races.get(OTHER)?.refunded.place_lost).toBe(1000);
    expect(races.get(null)?.onItsWay).toBe(100);
    expect(races.get(null)?.taken).toBe(0);
  });

  it('what a settled payment took beyond its lines is not tied to a race', () => {
    const races = byRace(moneyBuckets([paid({ amountPence: 5100 })]));
    expect([races.get(RACE)?.taken, races.get(null)?.taken]).toEqual([5000, 100]);
  });

  it('by provider, by race and in total they add up the same (property)', () => {
    const line = fc.record({
      eventId: fc.constantFrom(RACE, OTHER, 3),
      pricePence: fc.integer({ min: 0, max: 5000 }),
      refunded: fc.boolean(),
    });
    const payment = fc.record({
      provider: fc.constantFrom('stripe' as const, 'paypal' as const, 'demo' as const),
      status: fc.constantFrom('succeeded' as const, 'canceled' as const),
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      status2: fc.constantFrom('succeeded', 'manual', 'refused', 'failed', 'pending'),
      cause: fc.constantFrom('place_lost' as const, 'requested' as const, 'event_cancelled' as const),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 8 }), (drawn) => {
        const facts: PaymentFacts[] = drawn.map((d, i) => {
          const lines = d.lines.map((l, j) => ({
            id: j,
            eventId: l.eventId,
            pricePence: l.pricePence,
            refundId: l.refunded ? i : null,
          }));
          const back = lines.filter((l) => l.refundId !== null).reduce((s, l) => s + l.pricePence, 0);
          const amount = lines.reduce((s, l) => s + l.pricePence, 0);
          return {
            userId: PAYER,
            provider: d.provider,
            status: d.status,
            amountPence: amount,
            paidAmountPence: null,
            lines,
            refunds:
              back > 0 && d.status === 'succeeded'
                ? [refund({ id: i, amountPence: back, cause: d.cause, status: d.status2, requestedBy: PAYER })]
                : [],
          };
        });
        const buckets = moneyBuckets(facts);
        const total = totalOf(buckets);
        const sum = (list: Iterable<{ taken: number; owed: number; onItsWay: number }>, f: 'taken' | 'owed') =>
          [...list].reduce((s, m) => s + m[f], 0);
        expect(sum(byRace(buckets).values(), 'taken')).toBe(total.taken);
        expect(sum(byRace(buckets).values(), 'owed')).toBe(total.owed);
        expect(
          byProvider(buckets)
            .map((p) => netOf(p.money))
            .reduce((s, v) => s + v, 0),
        ).toBe(netOf(total));
        const settled = facts.filter((f) => f.status === 'succeeded');
        expect(total.taken).toBe(settled.reduce((s, f) => s + f.amountPence, 0));
        const refundedMade = settled
          .flatMap((f) => f.refunds)
          .filter((r) => ['succeeded', 'manual'].includes(r.status))
          .reduce((s, r) => s + r.amountPence, 0);
        expect(refundedTotal(total)).toBe(refundedMade);
      }),
    );
  });
});
