/**
 * What must hold of the places and payments after any crash (issue 25, "Faults"): read straight
 * from the database once the server is stopped. Each broken rule is one sentence naming the rows,
 * so a failing test says what was lost.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Acks } from './kill-run.ts';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Every acknowledged booking present; no event oversold (booked ≤ quantity, booked + held ≤
 * quantity, and the counters equal to the bookings and held lines); no hold past its end; no
 * confirmed payment with a line neither booked (its booking there) nor lost with its refund row.
 */
export async function bookingProblems(db: Db, acks: Acks, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const ids = acks.freeBookings.map((b) => b.id);
  if (ids.length > 0) {
    const present = await rows<{ id: number; event_id: number; user_id: number }>(
      db,
      sql`select id, event_id, user_id from bookings where id in ${ids}`,
    );
    const found = new Map(present.map((r) => [Number(r.id), r]));
    for (const ack of acks.freeBookings) {
      const row = found.get(ack.id);
      if (!row || Number(row.event_id) !== ack.eventId || Number(row.user_id) !== ack.userId)
        problems.push(`acknowledged free booking ${ack.id} (event ${ack.eventId}, user ${ack.userId}) is missing`);
    }
  }
  const references = [...acks.payments];
  if (references.length > 0) {
    const confirmed = await rows<{ reference: string }>(
      db,
      sql`select reference from payments where status = 'succeeded' and reference in ${references}`,
    );
    const settled = new Set(confirmed.map((r) => r.reference));
    for (const reference of references)
      if (!settled.has(reference)) problems.push(`acknowledged payment ${reference} is not confirmed`);
  }
  const counters = await rows<{ id: number; quantity: number; booked: number; held: number; b: number; h: number }>(
    db,
    sql`select e.id, e.quantity, e.booked, e.held,
      (select count(*)::int from bookings b where b.event_id = e.id) as b,
      (select count(*)::int from payment_lines pl where pl.event_id = e.id and pl.state = 'held') as h
      from events e order by e.id`,
  );
  for (const e of counters) {
    const [quantity, booked, held] = [Number(e.quantity), Number(e.booked), Number(e.held)];
    if (booked > quantity || booked + held > quantity)
      problems.push(`event ${e.id} oversold: booked ${booked} + held ${held} of ${quantity}`);
    if (booked !== Number(e.b)) problems.push(`event ${e.id}: booked says ${booked}, its bookings are ${e.b}`);
    if (held !== Number(e.h)) problems.push(`event ${e.id}: held says ${held}, its held lines are ${e.h}`);
  }
  const lapsed = await rows<{ id: number; held_until: string }>(
    db,
    sql`select id, held_until from payment_lines where state = 'held' and held_until <= ${now.toISOString()}`,
  );
  for (const l of lapsed) problems.push(`payment line ${l.id} still held after its end ${l.held_until}`);
  const unfinished = await rows<{ id: number; payment_id: number; state: string }>(
    db,
    sql`select pl.id, pl.payment_id, pl.state from payment_lines pl join payments p on p.id = pl.payment_id
      where p.status = 'succeeded' and not (
        (pl.state = 'booked' and exists (select 1 from bookings b where b.id = pl.booking_id))
        or (pl.state = 'lost' and exists (select 1 from refunds r where r.id = pl.refund_id)))`,
  );
  for (const l of unfinished)
    problems.push(`confirmed payment ${l.payment_id}: line ${l.id} is ${l.state}, neither booked nor refunded`);
  return problems;
}
