import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { familyAfterApproval, LINK_MSG } from '../../domain/people/link-requests.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { families, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** GET /admin/families/{id}/ (doc 2 §3 "Family"). */
export const FamilySchema = z.object({
  id: z.number().int(),
  members: z.array(
    z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), username: z.string() }),
  ),
});
export type Family = z.infer<typeof FamilySchema>;

/** Serialises every change of family membership across connections and instances. */
const FAMILY_LOCK = 7_302_002;

/** Takes the family lock for the rest of the transaction. Every change of membership takes it
 * before it locks any account's row, so changes wait for each other instead of deadlocking. */
async function lockFamilies(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FAMILY_LOCK})`);
}

/**
 * Puts two accounts in one family (an approved link): the one they share or either has, a new
 * one, or — both having one — the older absorbing the other's members. Both accounts' rows are
 * locked first, in id order, so concurrent approvals touching them wait for each other.
 */
export async function joinFamilies(tx: Tx, a: number, b: number): Promise<number> {
  await lockFamilies(tx);
  const rows = await tx
    .select({ id: users.id, familyId: users.familyId })
    .from(users)
    .where(inArray(users.id, [a, b]))
    .orderBy(asc(users.id))
    .for('update');
  const familyOf = (id: number) => rows.find((r) => r.id === id)?.familyId ?? null;
  const { keep, absorb } = familyAfterApproval(familyOf(a), familyOf(b));
  let familyId = keep;
  if (familyId === null) {
    const [created] = await tx.insert(families).values({}).returning({ id: families.id });
    if (!created) throw new Error('family insert returned nothing');
    familyId = created.id;
  }
  if (absorb !== null) {
    await tx.update(users).set({ familyId }).where(eq(users.familyId, absorb));
    await tx.delete(families).where(eq(families.id, absorb));
  }
  await tx
    .update(users)
    .set({ familyId })
    .where(inArray(users.id, [a, b]));
  return familyId;
}

/** Takes an account out of its family; a family left with one member is dissolved. */
export async function leaveFamily(tx: Tx, userId: number): Promise<void> {
  await lockFamilies(tx);
  const [row] = await tx.select({ familyId: users.familyId }).from(users).where(eq(users.id, userId)).for('update');
  const familyId = row?.familyId ?? null;
  if (familyId === null) return;
  await tx.update(users).set({ familyId: null }).where(eq(users.id, userId));
  const left = await tx.select({ id: users.id }).from(users).where(eq(users.familyId, familyId));
  if (left.length <= 1) {
    await tx.update(users).set({ familyId: null }).where(eq(users.familyId, familyId));
    await tx.delete(families).where(eq(families.id, familyId));
  }
}

/** DELETE /family/: the signed-in account leaves its family. */
export async function leaveOwnFamily(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // the lock before the check, so that a second leave at once waits and then finds no family
    await lockFamilies(tx);
    const [row] = await tx.select({ familyId: users.familyId }).from(users).where(eq(users.id, userId)).for('update');
    if (!row || row.familyId === null) throw AppError.notFound(LINK_MSG.notInAnyFamily);
    await leaveFamily(tx, userId);
  });
}

/** DELETE /admin/families/{id}/members/{userId}/: the family as it is afterwards (no members when
 * the removal dissolved it). */
export async function removeFromFamily(
  ctx: AppContext,
  familyId: number,
  userId: number,
): Promise<Family & { message: string }> {
  const name = await ctx.db.transaction(async (tx) => {
    await lockFamilies(tx);
    const [row] = await tx
      .select({ familyId: users.familyId, first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row || row.familyId !== familyId) {
      const [family] = await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId));
      throw AppError.notFound(family ? LINK_MSG.notInFamily : LINK_MSG.familyNotFound);
    }
    await leaveFamily(tx, userId);
    return `${row.first} ${row.last}`.trim();
  });
  const members = await membersOf(ctx, familyId);
  return { id: familyId, members, message: LINK_MSG.removed(name) };
}

const membersOf = (ctx: AppContext, familyId: number) =>
  ctx.db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.familyId, familyId))
    .orderBy(asc(users.id));

/** A family and its members by name and username, oldest account first. */
export async function readFamily(ctx: AppContext, id: number): Promise<Family> {
  const [family] = await ctx.db.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!family) throw AppError.notFound(LINK_MSG.familyNotFound);
  return { id: family.id, members: await membersOf(ctx, id) };
}
