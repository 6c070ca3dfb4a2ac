import { z } from 'zod';
import { adminLevelOf } from '../../domain/roles.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';

/** One member of the user's family, as the profile lists them. */
export const FamilyMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/**
 * GET and PUT /api/v1/profile/ and POST /api/v1/register/ (201): the user with the profile fields
 * at the top level (doc 1 §3 "Profile state" and "Account profile", §7).
 */
export const ProfileResponseSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  admin_level: z.enum(['NONE', 'ADMIN', 'SUPER']),
  is_superuser: z.boolean(),
  family: z.object({ id: z.number().int(), members: z.array(FamilyMemberSchema) }).nullable(),
  racer_id: z.number().int().nullable(),
  is_racer: z.boolean(),
  is_racer_confirmed: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  contact_number: z.string(),
  date_of_birth: z.string().nullable().describe('YYYY-MM-DD'),
  gender: z.enum(['MALE', 'FEMALE']).nullable(),
  ski_or_board: z.enum(['SKI', 'SNOWBOARD']).nullable(),
  local_club: z.string(),
  other_club: z.string(),
  emergency_contact_name: z.string(),
  emergency_contact_number: z.string(),
  accept_terms_and_conditions: z.boolean(),
  permission_photographed: z.boolean(),
  permission_name_on_photos: z.boolean(),
  permission_social_media: z.boolean(),
  permission_share_data_with_sponsors: z.boolean(),
  se_reg_number: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** The stored rows in the response's shape. A user without a profile row shows the defaults. */
export function toProfileResponse(
  user: UserRow,
  profile: ProfileRow | undefined,
  familyMembers: FamilyMember[],
): ProfileResponse {
  const roles = { role: user.role, admin_level: user.adminLevel, is_superuser: user.isSuperuser };
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    admin_level: adminLevelOf(roles),
    is_superuser: user.isSuperuser,
    family: user.familyId === null ? null : { id: user.familyId, members: familyMembers },
    racer_id: profile?.racerId ?? null,
    is_racer: profile?.isRacer ?? false,
    is_racer_confirmed: profile?.isRacerConfirmed ?? 'PENDING',
    contact_number: profile?.contactNumber ?? '',
    date_of_birth: profile?.dateOfBirth ?? null,
    gender: profile?.gender ?? null,
    ski_or_board: profile?.skiOrBoard ?? null,
    local_club: profile?.localClub ?? '',
    other_club: profile?.otherClub ?? '',
    emergency_contact_name: profile?.emergencyContactName ?? '',
    emergency_contact_number: profile?.emergencyContactNumber ?? '',
    accept_terms_and_conditions: profile?.acceptTermsAndConditions ?? false,
    permission_photographed: profile?.permissionPhotographed ?? false,
    permission_name_on_photos: profile?.permissionNameOnPhotos ?? false,
    permission_social_media: profile?.permissionSocialMedia ?? false,
    permission_share_data_with_sponsors: profile?.permissionShareDataWithSponsors ?? false,
    se_reg_number: profile?.seRegNumber ?? '',
  };
}
