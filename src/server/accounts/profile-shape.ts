import type { FamilyMember, ProfileResponse } from '../../domain/people/profile.ts';
import { adminLevelOf } from '../../domain/roles.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';

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
