import { eq } from 'drizzle-orm';
import { londonToday } from '../../domain/dates.ts';
import type { AdminProfile } from '../../domain/people/profile.ts';
import {
  type AdminProfileValues,
  type AdminUserUpdate,
  mergeProfile,
  type ProfileUpdateBody,
  USERS_MSG,
  validateAdminProfile,
  validateAdminUser,
} from '../../domain/people/users.ts';
import { adminLevelOf, isSuperAdmin } from '../../domain/roles.ts';
import { isUniqueViolation } from '../accounts/service.ts';
import { revokeUserSessions } from '../accounts/sessions.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { AppError, throwIfAny } from '../errors.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { lockProfile, toAdminProfile } from './admin-profile.ts';
import { allocateRacerNumber, raiseRacerHighWater } from './racers.ts';

/**
 * Ordinary administrators manage members' accounts only: an administrator's or super
 * administrator's account (names, e-mail, profile, archiving) is a super administrator's to
 * change, so that nobody can take over a higher account (change its e-mail, then reset its
 * password). One's own account is one's own.
 */
function assertMayManage(by: AuthUser, target: typeof users.$inferSelect): void {
  if (target.id === by.id) return;
  const level = adminLevelOf({ role: target.role, admin_level: target.adminLevel, is_superuser: target.isSuperuser });
  if (level !== 'NONE' && !isSuperAdmin(by)) throw AppError.forbidden(USERS_MSG.higherAccount);
}

async function lockedProfile(tx: Tx, profileId: number) {
  const row = await lockProfile(tx, profileId);
  // a deleted account (issue 27) cannot be restored or edited back into a person
  if (!row || row.user.deletedAt) throw AppError.notFound(USERS_MSG.notFound);
  return row;
}

/**
 * PUT /profiles/update/{id}/ with only `archived`: archiving makes the account inactive (it cannot
 * sign in, and every session ends at once) and takes it out of every list but the archived view;
 * restoring reverses both. An administrator cannot archive their own account.
 */
export async function setArchived(
  ctx: AppContext,
  by: AuthUser,
  profileId: number,
  archived: boolean,
): Promise<AdminProfile & { message: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedProfile(tx, profileId);
    if (archived && row.user.id === by.id) throw AppError.forbidden(USERS_MSG.archiveSelf);
    assertMayManage(by, row.user);
    if (archived && (row.user.adminLevel === 'SUPER' || row.user.isSuperuser))
      throw AppError.forbidden(USERS_MSG.superArchive);
    const [profile] = await tx.update(profiles).set({ archived }).where(eq(profiles.id, profileId)).returning();
    const [user] = await tx.update(users).set({ isActive: !archived }).where(eq(users.id, row.user.id)).returning();
    if (archived) await revokeUserSessions(tx as unknown as Db, row.user.id, ctx.now());
    if (!profile || !user) throw AppError.notFound(USERS_MSG.notFound);
    return { ...toAdminProfile(profile, user), message: archived ? USERS_MSG.archived : USERS_MSG.restored };
  });
}

function valuesOf(p: typeof profiles.$inferSelect): AdminProfileValues {
  return {
    racer_id: p.racerId,
    is_racer: p.isRacer,
    is_racer_confirmed: p.isRacerConfirmed,
    contact_number: p.contactNumber,
    date_of_birth: p.dateOfBirth,
    gender: p.gender,
    ski_or_board: p.skiOrBoard,
    local_club: p.localClub || null,
    other_club: p.otherClub,
    emergency_contact_name: p.emergencyContactName,
    emergency_contact_number: p.emergencyContactNumber,
    permission_photographed: p.permissionPhotographed,
    permission_name_on_photos: p.permissionNameOnPhotos,
    permission_social_media: p.permissionSocialMedia,
    permission_share_data_with_sponsors: p.permissionShareDataWithSponsors,
    se_reg_number: p.seRegNumber,
  };
}

/**
 * PUT /profiles/update/{id}/ with profile fields: the fields sent change, the rest stay, and the
 * result must meet the rules (doc 1 §5, doc 2 §5 "Racer flag"). A racer number set by hand must be
 * free and raises the highest number ever given, so approvals never give it again; a racer
 * approved here without a number gets the next one.
 */
export async function editProfile(
  ctx: AppContext,
  by: AuthUser,
  profileId: number,
  body: ProfileUpdateBody,
): Promise<AdminProfile> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await lockedProfile(tx, profileId);
      assertMayManage(by, row.user);
      const next = mergeProfile(valuesOf(row.profile), body);
      throwIfAny(validateAdminProfile(next, londonToday(ctx.now())));
      const racer = next.is_racer;
      let racerId = next.racer_id;
      if (racerId !== null && racerId !== row.profile.racerId) await raiseRacerHighWater(tx, racerId);
      if (racer && next.is_racer_confirmed === 'APPROVED' && racerId === null) racerId = await allocateRacerNumber(tx);
      const [profile] = await tx
        .update(profiles)
        .set({
          racerId,
          isRacer: racer,
          isRacerConfirmed: next.is_racer_confirmed,
          contactNumber: next.contact_number,
          dateOfBirth: racer ? next.date_of_birth : null,
          gender: racer ? next.gender : null,
          skiOrBoard: racer ? next.ski_or_board : null,
          localClub: racer ? (next.local_club ?? '') : '',
          otherClub: racer && next.local_club === 'OTHER' ? next.other_club : '',
          emergencyContactName: next.emergency_contact_name,
          emergencyContactNumber: next.emergency_contact_number,
          permissionPhotographed: next.permission_photographed,
          permissionNameOnPhotos: next.permission_name_on_photos,
          permissionSocialMedia: next.permission_social_media,
          permissionShareDataWithSponsors: next.permission_share_data_with_sponsors,
          seRegNumber: next.se_reg_number,
        })
        .where(eq(profiles.id, profileId))
        .returning();
      if (!profile) throw AppError.notFound(USERS_MSG.notFound);
      return toAdminProfile(profile, row.user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ racer_id: [USERS_MSG.racerNumberTaken] });
    throw error;
  }
}

/**
 * PUT /users/update/{userId}/: names and e-mail; and, from a super administrator only, another
 * account's admin level (NONE or ADMIN). Nobody changes their own level; a super administrator's
 * level is not changed here.
 */
export async function editAccount(
  ctx: AppContext,
  by: AuthUser,
  userId: number,
  body: AdminUserUpdate,
): Promise<{ id: number; first_name: string; last_name: string; email: string; admin_level: string }> {
  throwIfAny(validateAdminUser(body));
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw AppError.notFound(USERS_MSG.notFound);
    assertMayManage(by, current);
    const level = body.admin_level;
    if (level !== undefined && level !== current.adminLevel) {
      if (!isSuperAdmin(by)) throw AppError.forbidden(USERS_MSG.levelSuperOnly);
      if (by.id === userId) throw AppError.forbidden(USERS_MSG.levelOwn);
      if (current.adminLevel === 'SUPER' || current.isSuperuser) throw AppError.forbidden(USERS_MSG.levelOfSuper);
    }
    const [updated] = await tx
      .update(users)
      .set({
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        email: body.email.trim(),
        ...(level !== undefined && level !== current.adminLevel
          ? { adminLevel: level, role: level === 'ADMIN' ? ('admin' as const) : ('user' as const) }
          : {}),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw AppError.notFound(USERS_MSG.notFound);
    return {
      id: updated.id,
      first_name: updated.firstName,
      last_name: updated.lastName,
      email: updated.email,
      admin_level: updated.adminLevel,
    };
  });
}
