import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { paymentLines, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { useTestApp } from '../test/helper.ts';
import { makeBookers } from './test-support.ts';

/**
 * Migration 0009 (issue 24): the payments' refund columns become refund rows. The test puts the
 * three columns back on the migrated database, writes payments as the old code left them, and runs
 * the migration's own SQL: each payment with something due becomes one row (succeeded with its
 * reference when all of it went back, requested otherwise), its lost lines point at it, and the
 * columns are gone again.
 */
const t = useTestApp();

const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '0009_refund_rows.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

describe('migration 0009: refund rows', () => {
  it('moves each payment with a refund due into a refunds row, before dropping the columns', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`alter table payments add column refund_due_pence integer not null default 0,
      add column refunded_pence integer not null default 0, add column refund_reference text`);
    const race = await raceEventRow(t.app, { name: 'Old Race', ...OPEN_WINDOW, quantity: 10, pricePence: 2500 });
    const [payer, child] = await makeBookers(t.app, 2, []);
    const at = new Date('2026-01-10T10:00:00Z');
    const insert = async (due: number, refunded: number, reference: string | null) => {
      const rows = await db.execute<{ id: number }>(sql`insert into payments
        (user_id, provider, reference, amount_pence, status, held_until, settled_at, refund_due_pence, refunded_pence, refund_reference)
        values (${payer?.id}, 'stripe', ${`pi_old_${due}_${refunded}`}, 5000, 'succeeded', ${at}, ${at}, ${due}, ${refunded}, ${reference})
        returning id`);
      const list = Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows;
      return list[0]?.id ?? 0;
    };
    const done = await insert(2500, 2500, 're_old_1');
    const owed = await insert(2500, 0, null);
    const none = await insert(0, 0, null);
    await db.insert(paymentLines).values([
      { paymentId: done, eventId: race, participantId: payer?.id ?? 0, pricePence: 2500, state: 'lost' },
      { paymentId: done, eventId: race, participantId: child?.id ?? 0, pricePence: 2500, state: 'booked' },
    ]);

    for (const statement of MIGRATION) await db.execute(sql.raw(statement));

    const rows = await db.select().from(refunds).orderBy(asc(refunds.paymentId));
    expect(
      rows.map((r) => [r.paymentId, r.amountPence, r.cause, r.status, r.providerRefundId, r.idempotencyKey]),
    ).toEqual([
      [done, 2500, 'place_lost', 'succeeded', 're_old_1', `legacy:refund:${done}`],
      [owed, 2500, 'place_lost', 'requested', null, `legacy:refund:${owed}`],
    ]);
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual([at.toISOString(), at.toISOString()]);
    expect(rows.some((r) => r.paymentId === none)).toBe(false);
    const lines = await db.select().from(paymentLines).orderBy(asc(paymentLines.id));
    expect(lines.map((l) => [l.state, l.refundId])).toEqual([
      ['lost', rows[0]?.id],
      ['booked', null],
    ]);
    const columns = await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'payments' and column_name like 'refund%'`,
    );
    expect(Array.isArray(columns) ? columns : (columns as { rows: unknown[] }).rows).toEqual([]);
  });
});
