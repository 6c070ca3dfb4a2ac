import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  decide,
  LINK_MSG,
  LINK_REQUESTS_PAGE_SIZE,
  type LinkAction,
  type LinkStatus,
  memberRole,
} from '../../domain/people/link-requests.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { linkRequests, profiles, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { joinFamilies, leaveFamily } from './families.ts';
import { personMatches } from './search.ts';

/** A request as its maker and the user it names see it (doc 1 §3 "Link request"). */
export const MemberLinkRequestSchema = z.object({
  id: z.number().int(),
  requesting_user_name: z.string(),
  target_user_name: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  created_at: z.string(),
});
export type MemberLinkRequest = z.infer<typeof MemberLinkRequestSchema>;

/** A request as the admin list shows it (doc 2 §3 "Link request"), with the family the two
 * accounts share once approved (for View Family). */
export const AdminLinkRequestSchema = MemberLinkRequestSchema.extend({
  requesting_user_first_name: z.string(),
  requesting_user_last_name: z.string(),
  requesting_user_racer_id: z.number().int().nullable(),
  target_user_first_name: z.string(),
  target_user_last_name: z.string(),
  target_user_racer_id: z.number().int().nullable(),
  family_id: z.number().int().nullable(),
});
export type AdminLinkRequest = z.infer<typeof AdminLinkRequestSchema>;

const requester = alias(users, 'requester');
const target = alias(users, 'target');
const requesterProfile = alias(profiles, 'requester_profile');
const targetProfile = alias(profiles, 'target_profile');

const adminColumns = {
  id: linkRequests.id,
  status: linkRequests.status,
  createdAt: linkRequests.createdAt,
  requesterId: linkRequests.requesterId,
  requesterName: requester.username,
  requesterFirst: requester.firstName,
  requesterLast: requester.lastName,
  requesterRacer: requesterProfile.racerId,
  requesterFamily: requester.familyId,
  targetName: target.username,
  targetFirst: target.firstName,
  targetLast: target.lastName,
  targetRacer: targetProfile.racerId,
  targetFamily: target.familyId,
};

function selectRequests(db: AppContext['db'] | Tx) {
  return db
    .select(adminColumns)
    .from(linkRequests)
    .innerJoin(requester, eq(requester.id, linkRequests.requesterId))
    .innerJoin(target, eq(target.id, linkRequests.targetId))
    .leftJoin(requesterProfile, eq(requesterProfile.userId, linkRequests.requesterId))
    .leftJoin(targetProfile, eq(targetProfile.userId, linkRequests.targetId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toMember(row: Row): MemberLinkRequest {
  return {
    id: row.id,
    requesting_user_name: row.requesterName,
    target_user_name: row.targetName,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

function toAdmin(row: Row): AdminLinkRequest {
  return {
    ...toMember(row),
    requesting_user_first_name: row.requesterFirst,
    requesting_user_last_name: row.requesterLast,
    requesting_user_racer_id: row.requesterRacer,
    target_user_first_name: row.targetFirst,
    target_user_last_name: row.targetLast,
    target_user_racer_id: row.targetRacer,
    family_id:
      row.status === 'APPROVED' && row.requesterFamily !== null && row.requesterFamily === row.targetFamily
        ? row.requesterFamily
        : null,
  };
}

/** GET /link-request/: the requests the user made or was named in, newest first. */
export async function listOwnLinkRequests(ctx: AppContext, userId: number): Promise<MemberLinkRequest[]> {
  const rows = await selectRequests(ctx.db)
    .where(or(eq(linkRequests.requesterId, userId), eq(linkRequests.targetId, userId)))
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id));
  return rows.map(toMember);
}

/**
 * POST /link-request/: a request to link to `targetUsername` (any case). Refused: an unknown or
 * archived account (the same words: whether an account exists and is archived is not said),
 * oneself, an account already in the user's family, and a pair that already has a request
 * waiting (either way round; the unique index decides between two sent at once).
 */
export async function createLinkRequest(
  ctx: AppContext,
  userId: number,
  targetUsername: string,
): Promise<MemberLinkRequest & { target_user: string }> {
  const [me] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // an archived account (inactive, or its profile archived) is not offered
  const [other] = (
    await ctx.db
      .select({ user: users })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          sql`lower(${users.username}) = lower(${targetUsername})`,
          eq(users.isActive, true),
          sql`coalesce(${profiles.archived}, false) = false`,
        ),
      )
  ).map((r) => r.user);
  if (!me) throw AppError.unauthenticated();
  if (!other) throw AppError.validation({ target_user: [LINK_MSG.unknownUser] });
  if (other.id === me.id) throw AppError.validation({ target_user: [LINK_MSG.self] });
  if (me.familyId !== null && me.familyId === other.familyId) {
    throw AppError.validation({
      target_user: [LINK_MSG.alreadyLinked(`${other.firstName} ${other.lastName}`.trim() || other.username)],
    });
  }
  const pending = () => new AppError('CONFLICT', LINK_MSG.alreadyPending(other.username));
  const [inserted] = await ctx.db
    .insert(linkRequests)
    .values({ requesterId: me.id, targetId: other.id, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: linkRequests.id });
  if (!inserted) throw pending();
  const [row] = await selectRequests(ctx.db).where(eq(linkRequests.id, inserted.id));
  if (!row) throw new Error('link request insert returned nothing');
  return { ...toMember(row), target_user: other.username };
}

async function ownRequest(ctx: AppContext, userId: number, id: number) {
  const [row] = await ctx.db.select().from(linkRequests).where(eq(linkRequests.id, id));
  // another user's request is not found: its existence is not theirs to learn
  const role = row ? memberRole(row, userId) : null;
  if (!row || !role) throw AppError.notFound(LINK_MSG.notFound);
  return { row, role };
}

/** DELETE /link-request/{id}/: the maker withdraws a request still waiting. */
export async function cancelLinkRequest(ctx: AppContext, userId: number, id: number): Promise<void> {
  const { row, role } = await ownRequest(ctx, userId, id);
  if (role !== 'requester') throw AppError.forbidden(LINK_MSG.onlyPendingCancel);
  const deleted = await ctx.db
    .delete(linkRequests)
    .where(and(eq(linkRequests.id, row.id), eq(linkRequests.status, 'PENDING')))
    .returning({ id: linkRequests.id });
  if (deleted.length === 0) throw new AppError('CONFLICT', LINK_MSG.onlyPendingCancel);
}

/** POST /link-request/{id}/: the user named turns down a request still waiting. */
export async function rejectLinkRequest(ctx: AppContext, userId: number, id: number): Promise<MemberLinkRequest> {
  const { row, role } = await ownRequest(ctx, userId, id);
  if (role !== 'target') throw AppError.forbidden(LINK_MSG.onlyTargetRejects);
  const updated = await ctx.db
    .update(linkRequests)
    .set({ status: 'REJECTED', decidedAt: ctx.now(), decidedBy: userId })
    .where(and(eq(linkRequests.id, row.id), eq(linkRequests.status, 'PENDING')))
    .returning({ id: linkRequests.id });
  if (updated.length === 0) throw new AppError('CONFLICT', LINK_MSG.onlyPendingReject);
  const [after] = await selectRequests(ctx.db).where(eq(linkRequests.id, row.id));
  if (!after) throw AppError.notFound(LINK_MSG.notFound);
  return toMember(after);
}

export interface LinkRequestQuery {
  page: number;
  search: string;
  status: LinkStatus | 'ALL';
}

/** GET /admin/link-requests/: a page of 50, newest first, by status and a search on either
 * account's first name, last name, username or e-mail (any case). */
export async function listLinkRequests(
  ctx: AppContext,
  query: LinkRequestQuery,
): Promise<{ count: number; results: AdminLinkRequest[] }> {
  const conditions = [];
  if (query.status !== 'ALL') conditions.push(eq(linkRequests.status, query.status));
  if (query.search) {
    conditions.push(or(personMatches(requester, query.search), personMatches(target, query.search)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(linkRequests)
    .innerJoin(requester, eq(requester.id, linkRequests.requesterId))
    .innerJoin(target, eq(target.id, linkRequests.targetId))
    .where(where);
  const rows = await selectRequests(ctx.db)
    .where(where)
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id))
    .limit(LINK_REQUESTS_PAGE_SIZE)
    .offset((query.page - 1) * LINK_REQUESTS_PAGE_SIZE);
  return { count: total?.count ?? 0, results: rows.map(toAdmin) };
}

/**
 * POST /admin/link-requests/{id}/: approve (the two accounts join one family; two families merge)
 * or reject (a request approved before: the account it named leaves the family). One transaction,
 * the request's row locked, so two administrators deciding at once are applied one after the
 * other. The maker is told by e-mail.
 */
export async function decideLinkRequest(
  ctx: AppContext,
  _log: FastifyBaseLogger,
  adminId: number,
  id: number,
  action: LinkAction,
): Promise<AdminLinkRequest> {
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(linkRequests).where(eq(linkRequests.id, id)).for('update');
    if (!row) throw AppError.notFound(LINK_MSG.notFound);
    const outcome = decide(row.status, action);
    if ('refused' in outcome) throw new AppError('CONFLICT', outcome.refused);
    if (outcome.status === 'APPROVED') await joinFamilies(tx, row.requesterId, row.targetId);
    else if (row.status === 'APPROVED') await leaveFamily(tx, row.targetId);
    await tx
      .update(linkRequests)
      .set({ status: outcome.status, decidedAt: ctx.now(), decidedBy: adminId })
      .where(eq(linkRequests.id, id));
    const [after] = await selectRequests(tx).where(eq(linkRequests.id, id));
    if (!after) throw AppError.notFound(LINK_MSG.notFound);
    await tellRequester(tx, after);
    return after;
  });
  nudgeMail(ctx);
  return toAdmin(decided);
}

/** The decision goes to the request's maker by e-mail, queued in the decision's transaction. */
async function tellRequester(tx: Tx, row: Row): Promise<void> {
  const [maker] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.requesterId));
  if (!maker?.email) return;
  await queueMail(tx, {
    template: 'link-request-decided',
    to: maker.email,
    data: { requesterId: row.requesterId, targetName: row.targetName, approved: row.status === 'APPROVED' },
  });
}

/** The 'link-request-decided' mail (mail/templates.ts): data { requesterId, targetName, approved };
 * the maker's first name is read at send time. */
export async function linkRequestDecidedTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const [maker] = await ctx.db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, Number(data.requesterId)));
  if (!maker) return null;
  return renderEmail(ctx.config, 'link-request-decided', {
    firstName: maker.firstName,
    targetName: String(data.targetName ?? ''),
    approved: data.approved === true,
    profileUrl: `${ctx.config.publicUrl}/profile?tab=linked`,
  });
}
