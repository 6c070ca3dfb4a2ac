import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { parsePrice } from '../../domain/money.ts';
import { MONEY_CSV_HEADERS, MONEY_MSG, type MoneyByRace } from '../../domain/payments/money-records.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { PAYMENTS_CSV_HEADERS } from './admin.ts';
import { RACES, treasurersSeason } from './money-support.ts';
import { useStripeTestApp } from './stripe-test-app.ts';

/** Issue 35, "Beyond: the treasurer's view": Orders & Payments → Money by race. */
const t = useStripeTestApp();

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

const URL = '/api/v1/admin/payments/money-by-race/';
const CSV_URL = '/api/v1/admin/payments/money-by-race/export-csv/';

async function asAdmin(url: string) {
  const admin = await signedIn(t.app, 'admin');
  return t.app.inject({ method: 'GET', url, headers: bearer(admin.access) });
}

/** A CSV's rows (the byte-order mark and empty last line left out). */
const parse = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1) as string[][];
const pence = (cell: string | undefined) => parsePrice(cell ?? '') ?? Number.NaN;

describe('Money by race', () => {
  it('puts each kind of money in its column: paid entries, a family’s cancellation with its fee, a removal with refund, a lost place, a refund by hand, one in the queue, one on its way', async () => {
    await treasurersSeason(t);
    const res = await asAdmin(`${URL}?season=2026`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as MoneyByRace;
    expect(body.period).toEqual({ season: 2026, from: '2026-01-01', to: '2026-12-31', label: 'Season 2026' });
    expect(body.seasons).toEqual([2026, 2025]);
    const row = (race: string) => body.races.find((r) => r.race === race);
    expect(body.races.map((r) => r.race)).toEqual([RACES.slalom, RACES.popular, RACES.queue, MONEY_MSG.notTied]);
    expect(row(RACES.slalom)).toMatchObject({
      date: '2026-02-14',
      entries_paid: 2,
      taken: '50.00',
      refunded_family: '20.00',
      refunded_admin: '25.00',
      refunded: '45.00',
      fees_kept: '5.00',
      owed: '0.00',
      on_its_way: '0.00',
      net: '5.00',
    });
    expect(row(RACES.popular)).toMatchObject({
      entries_paid: 2,
      taken: '50.00',
      refunded_place_lost: '25.00',
      refunded: '25.00',
      fees_kept: '0.00',
      net: '25.00',
    });
    expect(row(RACES.queue)).toMatchObject({
      entries_paid: 4,
      taken: '60.00',
      refunded_admin: '0.00',
      refunded_by_hand: '15.00',
      refunded: '15.00',
      owed: '15.00',
      on_its_way: '15.00',
      net: '45.00',
    });
    expect(row(MONEY_MSG.notTied)).toMatchObject({
      event_id: null,
      entries_paid: 0,
      taken: '24.00',
      refunded_amount_mismatch: '24.00',
      net: '0.00',
    });
    expect(body.total).toMatchObject({
      entries_paid: 8,
      taken: '184.00',
      refunded: '109.00',
      fees_kept: '5.00',
      owed: '15.00',
      on_its_way: '15.00',
      net: '75.00',
    });
    expect(body.providers.map((p) => [p.provider, p.taken, p.refunded, p.net])).toEqual([
      ['stripe', '169.00', '109.00', '60.00'],
      ['paypal', '15.00', '0.00', '15.00'],
    ]);

    // last season holds only its own payment; dates choose by London day
    const last = (await asAdmin(`${URL}?season=2025`)).json() as MoneyByRace;
    expect(last.races.map((r) => [r.race, r.entries_paid, r.taken])).toEqual([[RACES.slalom, 1, '25.00']]);
    const dates = (await asAdmin(`${URL}?from=2025-12-31&to=2026-01-15`)).json() as MoneyByRace;
    expect([dates.period.label, dates.total.taken]).toEqual(['From 2025-12-31 to 2026-01-15', '209.00']);
    const none = (await asAdmin(`${URL}?from=2026-01-16`)).json() as MoneyByRace;
    expect([none.races, none.total.taken]).toEqual([[], '0.00']);
    // nothing asked: the current season
    expect(((await asAdmin(URL)).json() as MoneyByRace).period.season).toBe(2026);
  });

  it('the treasurer’s CSV adds up to payments.csv for the same period, to the penny, in total and by provider', async () => {
    await treasurersSeason(t);
    const mine = await asAdmin(`${CSV_URL}?season=2026`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-disposition']).toBe('attachment; filename="money-by-race-2026.csv"');
    const rows = parse(mine.body);
    expect(rows[0]).toEqual([...MONEY_CSV_HEADERS]);
    const col = (name: (typeof MONEY_CSV_HEADERS)[number]) => MONEY_CSV_HEADERS.indexOf(name);
    const detail = rows.slice(1, -1);
    const total = rows.at(-1) ?? [];
    expect(total.slice(0, 3)).toEqual([MONEY_MSG.total, '', 'all']);

    const theirs = parse((await asAdmin('/api/v1/admin/payments/export-csv/')).body);
    expect(theirs[0]).toEqual([...PAYMENTS_CSV_HEADERS]);
    const at = (name: (typeof PAYMENTS_CSV_HEADERS)[number]) => PAYMENTS_CSV_HEADERS.indexOf(name);
    // the same period: payments made in 2026 (London is on GMT at the turn of the year)
    const season = theirs.slice(1).filter((r) => r[at('Created')]?.startsWith('2026-'));
    expect(season.length).toBeLessThan(theirs.length - 1);

    /** payments.csv's sums: money taken is what settled payments asked for, and what the provider
     * took of a payment that never settled (an amount mismatch: "Provider took"). */
    const paymentsSums = (list: string[][]) => {
      const sum = (f: (r: string[]) => number) => list.reduce((s, r) => s + f(r), 0);
      return {
        taken: sum((r) =>
          r[at('Status')] === 'succeeded'
            ? pence(r[at('Amount')])
            : r[at('Provider took')]
              ? pence(r[at('Provider took')]?.split(' ')[0])
              : 0,
        ),
        refunded: sum((r) => pence(r[at('Refunded')])),
        due: sum((r) => pence(r[at('Refund due')])),
        net: sum((r) =>
          r[at('Status')] === 'succeeded'
            ? pence(r[at('Net')])
            : // what the provider took of a payment that never settled, less its refunds made
              pence(r[at('Provider took')]?.split(' ')[0] || '0') - pence(r[at('Refunded')]),
        ),
        csvNet: sum((r) => pence(r[at('Net')])),
      };
    };
    const mySums = (list: string[][]) => {
      const sum = (name: (typeof MONEY_CSV_HEADERS)[number]) => list.reduce((s, r) => s + pence(r[col(name)]), 0);
      return {
        taken: sum('Money taken'),
        refunded: sum('Refunded'),
        due: sum('Still owed (queue)') + sum('On its way'),
        net: sum('Net'),
        csvNet: sum('Net'),
      };
    };

    const expected = paymentsSums(season);
    expect(expected).toEqual({ taken: 18400, refunded: 10900, due: 3000, net: 7500, csvNet: 7500 });
    expect(mySums(detail)).toEqual(expected);
    expect(mySums([total])).toEqual(expected);
    // the refunds' columns add up to the refunded column
    const refundColumns = MONEY_CSV_HEADERS.filter((h) => h.startsWith('Refunded') && h !== 'Refunded');
    expect(refundColumns.reduce((s, h) => s + pence(total[col(h)]), 0)).toBe(pence(total[col('Refunded')]));
    for (const provider of ['stripe', 'paypal', 'demo']) {
      expect(mySums(detail.filter((r) => r[col('Provider')] === provider))).toEqual(
        paymentsSums(season.filter((r) => r[at('Provider')] === provider)),
      );
    }

    // last season, and every payment at once (open dates)
    const last = parse((await asAdmin(`${CSV_URL}?season=2025`)).body);
    expect(mySums(last.slice(1, -1))).toEqual(
      paymentsSums(theirs.slice(1).filter((r) => r[at('Created')]?.startsWith('2025-'))),
    );
    const everything = await asAdmin(`${CSV_URL}?from=2000-01-01`);
    expect(everything.headers['content-disposition']).toContain('money-by-race-2000-01-01-to-now.csv');
    expect(mySums(parse(everything.body).slice(1, -1))).toEqual(paymentsSums(theirs.slice(1)));
  });

  it('administrators only: 401 without a token, 403 for a family; a bad period is a 400 with its reason', async () => {
    const parent = await signedIn(t.app);
    for (const url of [URL, CSV_URL]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(parent.access) })).statusCode).toBe(403);
    }
    const bad = await asAdmin(`${URL}?from=2026-03-01&to=2026-02-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MONEY_MSG.order);
    expect((await asAdmin(`${CSV_URL}?season=26`)).statusCode).toBe(400);
    const empty = await asAdmin(`${URL}?season=2026`);
    expect(empty.json()).toMatchObject({ races: [], providers: [], seasons: [], total: { taken: '0.00' } });
  });
});
