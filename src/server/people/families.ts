import { asc, eq, inArray } from 'drizzle-orm';
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

/**
 * Puts two accounts in one family (an approved link): the one they share or either has, a new
 * one, or — both having one — the older absorbing the other's members. Both accounts' rows are
 * locked first, in id order, so concurrent approvals touching them wait for each other.
 */
export async function joinFamilies(tx: Tx, a: number, b: number): Promise<number> {
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

/** A family and its members by name and username, oldest account first. */
export async function readFamily(ctx: AppContext, id: number): Promise<Family> {
  const [family] = await ctx.db.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!family) throw AppError.notFound(LINK_MSG.familyNotFound);
  const members = await ctx.db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.familyId, id))
    .orderBy(asc(users.id));
  return { id: family.id, members };
}
