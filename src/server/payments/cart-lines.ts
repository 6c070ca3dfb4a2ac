import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { BUSY_GAP_MS, coalesce, perDatabase } from '../db/coalesce.ts';
import { cartItems, events, users } from '../db/schema.ts';

/** The user's cart lines with their events as a payment is made of them; the cart's list
 * (cart/service.ts) reads them here too, so that payments never imports the cart. */

/** The cart lines with their participants and events, to be narrowed by a where. */
export function selectCart(db: Db | Tx) {
  return db
    .select({
      id: cartItems.id,
      ownerId: cartItems.ownerId,
      eventId: cartItems.eventId,
      participantId: cartItems.participantId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      name: events.name,
      pricePence: events.pricePence,
      image: events.image,
      slopeName: events.slopeName,
      date: events.date,
      // the event's places, for the cart's note on a line whose race is full (cart/service.ts)
      booked: events.booked,
      held: events.held,
      quantity: events.quantity,
    })
    .from(cartItems)
    .innerJoin(users, eq(users.id, cartItems.participantId))
    .innerJoin(events, eq(events.id, cartItems.eventId));
}

export type CartRow = Awaited<ReturnType<ReturnType<typeof selectCart>['where']>>[number];

/** The carts of the users whose reads arrive together, by one query (db/coalesce.ts). */
const cartsOf = perDatabase((ctx: AppContext) =>
  coalesce(
    async (owners: number[]) => {
      const rows = await selectCart(ctx.db).where(inArray(cartItems.ownerId, owners)).orderBy(asc(cartItems.id));
      const carts = new Map<number, CartRow[]>(owners.map((o) => [o, []]));
      for (const r of rows) carts.get(r.ownerId)?.push(r);
      return carts;
    },
    { minGapMs: BUSY_GAP_MS },
  ),
);

/** The user's cart lines with their events' prices and names, first added first; read together
 * with other users' reads of the moment. */
export async function cartOf(ctx: AppContext, userId: number): Promise<CartRow[]> {
  // a copy: two reads of one user's cart at once share the query's answer
  return [...((await cartsOf(ctx)(userId)) ?? [])];
}
