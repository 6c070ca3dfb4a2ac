import type { AdminProfile } from '../../domain/people/profile.ts';
import { adminLevelOf } from '../../domain/roles.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';

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
