/** Shared pieces of the payment tests and the entry-rush bench (not a test file itself): many
 * bookers made at once, each an approved racer with a session and a cart. */
import { startSession } from '../accounts/sessions.ts';
import type { AppContext } from '../context.ts';
import { cartItems, profiles, users } from '../db/schema.ts';

export interface Booker {
  id: number;
  username: string;
  name: string;
  headers: { authorization: string };
}

let batch = 0;

/**
 * `count` approved racers written straight into the database (no sign-up, no password: the
 * sign-in limits would meet a thousand sign-ins from one address), each with a session of its
 * own and, in its cart, itself on each of `eventIds`.
 */
export async function makeBookers(
  app: { ctx: Pick<AppContext, 'db' | 'config' | 'now'> },
  count: number,
  eventIds: number[],
): Promise<Booker[]> {
  batch += 1;
  const db = app.ctx.db;
  const now = app.ctx.now();
  const made: Booker[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `booker${batch}x${start + i + 1}`,
          email: `booker${batch}x${start + i + 1}@example.com`,
          passwordHash: '!no-password',
          firstName: 'Booker',
          lastName: `B${batch}-${start + i + 1}`,
          createdAt: now,
          passwordChangedAt: now,
        })),
      )
      .returning({ id: users.id, username: users.username, lastName: users.lastName });
    await db.insert(profiles).values(
      rows.map((r) => ({
        userId: r.id,
        isRacer: true,
        isRacerConfirmed: 'APPROVED' as const,
        dateOfBirth: '2012-05-05',
        acceptTermsAndConditions: true,
      })),
    );
    if (eventIds.length > 0) {
      await db
        .insert(cartItems)
        .values(
          rows.flatMap((r) =>
            eventIds.map((eventId) => ({ ownerId: r.id, participantId: r.id, eventId, createdAt: now })),
          ),
        );
    }
    for (const r of rows) {
      const session = await startSession(app.ctx as AppContext, r.id);
      made.push({
        id: r.id,
        username: r.username,
        name: `Booker ${r.lastName}`,
        headers: { authorization: `Bearer ${session.access}` },
      });
    }
  }
  return made;
}
