import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { firstRow, PG, pgErrorCode } from '../db/pg-errors.ts';
import { events } from '../db/schema.ts';
import type { Provider } from './providers.ts';

/**
 * The usual payment start and settlement, each as one SQL statement (docs/decisions/0022).
 *
 * A statement that touches an event's row holds its lock only while the database runs it; a
 * transaction of ten statements holds it across ten round trips, and when hundreds of bookers
 * arrive at once each of those round trips waits its turn in the app's one event loop, so the
 * lock (and, on PGlite, the only connection) is held for milliseconds per booker. These
 * statements do the common case whole, under the same guard (`booked + held` never passes
 * `quantity`, checked by the UPDATE on the event row, which PostgreSQL re-checks on the newest
 * row version after waiting for its lock). Anything unusual makes them decide nothing: the
 * caller then takes the transaction path, which handles every case.
 */

/** Codes that mean "this statement decided nothing, nothing was written": the transaction path
 * takes over (a participant held by another payment, booked meanwhile, a line that changed). */
const UNDECIDED = new Set<string>([PG.uniqueViolation, PG.divisionByZero, PG.deadlock]);

async function runOrUndecided<T>(statement: () => Promise<T>): Promise<T | 'undecided'> {
  try {
    return await statement();
  } catch (error) {
    if (UNDECIDED.has(pgErrorCode(error) ?? '')) return 'undecided';
    throw error;
  }
}

/** One user's payment starts one at a time (the same cart sent twice at once holds once). */
export const PAYMENT_LOCK = 7_302_009;

export interface HeldLine {
  participantId: number;
  pricePence: number;
}

export type OneStatementHold =
  | { outcome: 'held'; paymentId: number; heldUntil: Date }
  /** Every place booked or held, none of them this user's, none lapsed: refused for certain. */
  | { outcome: 'full' }
  | { outcome: 'undecided' };

/**
 * Holds one event's places for the lines of a user's cart and records the payment, when the user
 * has no payment under way and every participant may be entered (of the family, an approved
 * racer, not booked): the event's held count moves only if every line fits, and the payment and
 * its lines are written in the same statement.
 */
export async function holdInOneStatement(
  ctx: AppContext,
  request: {
    userId: number;
    provider: Provider['name'];
    eventId: number;
    lines: HeldLine[];
    totalPence: number;
    heldUntil: Date;
  },
): Promise<OneStatementHold> {
  const { userId, eventId, lines } = request;
  const now = ctx.now();
  const k = lines.length;
  let take: SQL;
  if (ctx.placeGuard) {
    // `booked` unchanged since the statement began: a booking made while it waited for the row
    // (an administrator's, another payment's settlement) may be one of these participants, which
    // the counts above, taken at the start, cannot see; the transaction path then looks again
    take = sql`update events set held = held + ${k}
      where id = ${eventId} and cancelled_at is null and booked + held + ${k} <= quantity
        and booked = (select e0.booked from events e0 where e0.id = ${eventId})`;
  } else {
    // the canary (docs/decisions/0019): a read taken before, a pause for a round trip, then a
    // write of what the read saw: the overselling test must see the race
    const [seen] = await ctx.db.select().from(events).where(eq(events.id, eventId));
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!seen || seen.booked + seen.held + k > seen.quantity) return { outcome: 'full' };
    take = sql`update events set held = ${seen.held + k} where id = ${eventId}`;
  }
  const participants = sql.join(
    lines.map((l) => sql`${l.participantId}::int`),
    sql`, `,
  );
  const values = sql.join(
    lines.map((l) => sql`(${l.participantId}::int, ${l.pricePence}::int)`),
    sql`, `,
  );
  const answer = await runOrUndecided(() =>
    ctx.db.execute(sql`
      with mine as (
        -- a payment of this user's under way: started, with a place still held
        select count(*)::int as n from payments p
        where p.user_id = ${userId} and p.status = 'started' and exists (select 1 from payment_lines pl
          where pl.payment_id = p.id and pl.state = 'held' and pl.held_until > ${now})
      ), booked as (
        select count(*)::int as n from bookings where event_id = ${eventId} and user_id in (${participants})
      ), eligible as (
        -- as people/participants.ts and checkParticipants say: the user or the user's family,
        -- active, not archived, an approved racer (anyone else: the transaction path says why)
        select count(*)::int as n from users u join profiles pr on pr.user_id = u.id
        where u.id in (${participants}) and u.is_active and not pr.archived
          and pr.is_racer and pr.is_racer_confirmed = 'APPROVED'
          and (u.id = ${userId} or u.family_id = (select me.family_id from users me where me.id = ${userId}))
      ), v as (
        -- each line's hold end: carried over from a line of its (event, participant) pair whose
        -- end is still ahead (a restart, a switched provider, a removed and added line), else fresh
        select v.participant_id, v.price_pence, coalesce((select max(o.held_until) from payment_lines o
          where o.event_id = ${eventId} and o.participant_id = v.participant_id and o.held_until > ${now}),
          ${request.heldUntil}::timestamptz) as held_until
        from (values ${values}) as v(participant_id, price_pence)
      ), took as (
        ${take} and (select n from mine) = 0 and (select n from booked) = 0 and (select n from eligible) = ${k}
          -- one start of a user's at a time, as the transaction path's lock has it (taken: the
          -- other waits there)
          and pg_try_advisory_xact_lock(${PAYMENT_LOCK}, ${userId})
        returning id
      ), pay as (
        insert into payments (user_id, provider, amount_pence, held_until, created_at)
        select ${userId}, ${request.provider}, ${request.totalPence}, (select min(held_until) from v), ${now} from took
        returning id, held_until
      ), lines as (
        insert into payment_lines (payment_id, event_id, participant_id, price_pence, held_until)
        select pay.id, ${eventId}, v.participant_id, v.price_pence, v.held_until
        from pay cross join v
        returning id
      ), logged as (
        insert into payment_log (payment_id, state, cause, actor_id, detail)
        select pay.id, s.state, 'user', ${userId}::int, s.detail from pay cross join (values
          (1, 'started', ''),
          (2, 'held', ${k}::int || ' place(s) held until ' || to_char((select min(held_until) from v) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        ) as s(n, state, detail)
        order by s.n
        returning id
      )
      select (select id from pay) as payment_id, (select held_until from pay) as held_until,
        (select count(*)::int from lines) as lines, (select count(*)::int from logged) as logged,
        e.booked + e.held as taken, e.quantity, (select n from mine) as mine,
        (select count(*)::int from payment_lines pl
          where pl.event_id = e.id and pl.state = 'held' and pl.held_until <= ${now}) as lapsed
      from events e where e.id = ${eventId}`),
  );
  if (answer === 'undecided') return { outcome: 'undecided' };
  const row = firstRow<{
    payment_id: number | null;
    held_until: Date | string | null;
    taken: number;
    quantity: number;
    mine: number;
    lapsed: number;
  }>(answer);
  if (row?.payment_id != null && row.held_until != null) {
    return { outcome: 'held', paymentId: Number(row.payment_id), heldUntil: new Date(row.held_until) };
  }
  // what the statement saw when it began: full then, with nothing of this user's and nothing
  // lapsed, is full for this request (as the unlocked look before the hold would have said)
  if (row && row.mine === 0 && row.lapsed === 0 && Number(row.taken) + k > row.quantity) return { outcome: 'full' };
  return { outcome: 'undecided' };
}

/**
 * Settles a confirmed payment whose every line still holds its place and none of whose
 * participants was booked meanwhile: the payment marked succeeded, one booking per line, the
 * lines marked booked, the events' held places turned into booked ones, the cart lines gone.
 * Returns 'settled' when this call settled it, or 'undecided' (settled already, a line no longer
 * held, a participant booked meanwhile): the transaction path then answers.
 */
export async function settleInOneStatement(
  ctx: AppContext,
  paymentId: number,
  captureReference: string | null,
  cause: 'webhook' | 'user' = 'user',
): Promise<'settled' | 'undecided'> {
  const now = ctx.now();
  const answer = await runOrUndecided(() =>
    ctx.db.execute(sql`
      with pay as (
        update payments set status = 'succeeded', provider_status = 'succeeded', settled_at = ${now},
          capture_reference = coalesce(${captureReference}::text, capture_reference)
        where id = ${paymentId} and settled_at is null and attention is null
          and not exists (select 1 from payment_lines where payment_id = ${paymentId} and state <> 'held')
        returning id, user_id, reference, provider, capture_reference
      ), ev as (
        -- the payment row first, then its events in id order, as every other writer takes them,
        -- before any line or booking is written: no two writers wait on each other
        select e.id from events e
        where e.id in (select event_id from payment_lines where payment_id = (select id from pay))
        order by e.id for update
      ), lines as (
        select pl.id, pl.event_id, pl.participant_id, pl.price_pence
        from payment_lines pl join pay on pl.payment_id = pay.id
        where (select count(*) from ev) > 0
      ), made as (
        insert into bookings (event_id, user_id, booked_by_id, source, payment_ref, amount_pence, created_at)
        select l.event_id, l.participant_id, pay.user_id, 'PAYMENT', pay.reference, l.price_pence, ${now}
        from lines l cross join pay
        returning id, event_id, user_id
      ), marked as (
        update payment_lines pl set state = 'booked', booking_id = made.id
        from made
        where pl.payment_id = ${paymentId} and pl.state = 'held'
          and pl.event_id = made.event_id and pl.participant_id = made.user_id
        returning pl.id
      ), moved as (
        update events e set booked = e.booked + c.n, held = e.held - c.n
        from (select event_id, count(*)::int as n from lines group by event_id) c
        where e.id = c.event_id
        returning e.id
      ), emptied as (
        delete from cart_items ci using lines l, pay
        where ci.owner_id = pay.user_id and ci.event_id = l.event_id and ci.participant_id = l.participant_id
        returning ci.id
      ), logged as (
        -- the payment log: confirmed, then each line booked, naming its event and participant
        insert into payment_log (payment_id, state, cause, provider_ids, detail)
        select x.payment_id, x.state, ${cause}, x.ids, x.detail from (
          select 0 as ord, pay.id as payment_id, 'confirmed' as state, jsonb_strip_nulls(jsonb_build_object(
              case pay.provider when 'stripe' then 'intent' when 'paypal' then 'order' else 'payment' end, pay.reference,
              'capture', pay.capture_reference)) as ids,
            '' as detail from pay
          union all
          select l.id, pay.id, 'booked', '{}'::jsonb,
            e.name || ': ' || trim(u.first_name || ' ' || u.last_name) || ' (' || u.username || ')'
          from lines l cross join pay join events e on e.id = l.event_id join users u on u.id = l.participant_id
        ) x order by x.ord
        returning id
      )
      -- a line released between the statement's start and its write (a lapsed hold given back by
      -- another taker) leaves marked short of made: dividing by zero undoes the whole statement
      select (select count(*)::int from pay) / (case when (select count(*) from marked) = (select count(*) from made) then 1 else 0 end) as settled,
        (select count(*)::int from moved) as moved, (select count(*)::int from emptied) as emptied,
        (select count(*)::int from logged) as logged`),
  );
  if (answer === 'undecided') return answer;
  return firstRow<{ settled: number }>(answer)?.settled === 1 ? 'settled' : 'undecided';
}
