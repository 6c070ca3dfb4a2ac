import { z } from 'zod';
import { adminLevelOf } from '../../domain/roles.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';

/** A profile as the back office lists it (doc 2 §3 "Profile"): the profile's fields with its
 * account's names and e-mail under `user`. `id` is the profile's id. */
export const AdminProfileSchema = z.object({
  id: z.number().int(),
  racer_id: z.number().int().nullable(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** NONE, ADMIN or SUPER: what the edit form's level control shows a super administrator. */
    admin_level: z.enum(['NONE', 'ADMIN', 'SUPER']),
  }),
  is_racer: z.boolean(),
  is_racer_confirmed: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  contact_number: z.string(),
  date_of_birth: z.string().nullable(),
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
  archived: z.boolean(),
});
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

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
