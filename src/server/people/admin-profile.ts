import { eq, type SQL, sql } from 'drizzle-orm';
import type { AdminProfile } from '../../domain/people/profile.ts';
import { adminLevelOf } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { type ProfileRow, profiles, type UserRow, users } from '../db/schema.ts';

/** A profile row with its account in the back office's shape (domain/people/profile.ts). */
export function toAdminProfile(profile: ProfileRow, user: UserRow): AdminProfile {
  return {
    id: profile.id,
    racer_id: profile.racerId,
    user: {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      admin_level: adminLevelOf({ role: user.role, admin_level: user.adminLevel, is_superuser: user.isSuperuser }),
    },
    is_racer: profile.isRacer,
    is_racer_confirmed: profile.isRacerConfirmed,
    contact_number: profile.contactNumber,
    date_of_birth: profile.dateOfBirth,
    gender: profile.gender,
    ski_or_board: profile.skiOrBoard,
    local_club: profile.localClub,
    other_club: profile.otherClub,
    emergency_contact_name: profile.emergencyContactName,
    emergency_contact_number: profile.emergencyContactNumber,
    accept_terms_and_conditions: profile.acceptTermsAndConditions,
    permission_photographed: profile.permissionPhotographed,
    permission_name_on_photos: profile.permissionNameOnPhotos,
    permission_social_media: profile.permissionSocialMedia,
    permission_share_data_with_sponsors: profile.permissionShareDataWithSponsors,
    se_reg_number: profile.seRegNumber,
    archived: profile.archived,
  };
}

/** One page of the back office's profiles with their accounts (the users and racers lists), and
 * how many match in all. */
export async function profilesPage(
  ctx: AppContext,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { number: number; size: number },
): Promise<{ count: number; results: AdminProfile[] }> {
  const [total] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where);
  const rows = await ctx.db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return { count: total?.count ?? 0, results: rows.map((r) => toAdminProfile(r.profile, r.user)) };
}

/** A profile with its account, the profile's row locked for the transaction; undefined when none. */
export async function lockProfile(
  tx: Tx,
  profileId: number,
): Promise<{ profile: ProfileRow; user: UserRow } | undefined> {
  const [row] = await tx
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId))
    .for('update', { of: profiles });
  return row;
}
