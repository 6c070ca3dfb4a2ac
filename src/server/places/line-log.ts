import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { paymentLog } from '../db/schema.ts';

type PaymentLogEntry = typeof paymentLog.$inferInsert;

/**
 * Logs one change per payment line (booked, lost, released) in one statement, each entry naming
 * the event and the participant ("Spring Slalom: Ann Lee (annlee)"), in line order: the payment
 * log's detail an association reads when a parent asks what happened to a place.
 */
export async function logLines(
  db: Db | Tx,
  lineIds: number[],
  state: PaymentLogEntry['state'],
  cause: PaymentLogEntry['cause'],
  options: { actorId?: number | null; note?: string; providerIds?: Record<string, string> } = {},
): Promise<void> {
  if (lineIds.length === 0) return;
  await db.execute(sql`
    insert into payment_log (payment_id, state, cause, actor_id, provider_ids, detail)
    select pl.payment_id, ${state}, ${cause}, ${options.actorId ?? null}::int, ${JSON.stringify(options.providerIds ?? {})}::jsonb,
      e.name || ': ' || trim(u.first_name || ' ' || u.last_name) || ' (' || u.username || ')' || ${options.note ?? ''}
    from payment_lines pl join events e on e.id = pl.event_id join users u on u.id = pl.participant_id
    where pl.id in (${sql.join(
      lineIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})
    order by pl.id`);
}
