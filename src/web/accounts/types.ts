import type { AdminLevel } from '../../domain/roles.ts';

export interface FamilyMember {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** GET /api/v1/profile/: the user with its profile fields (doc 1 §3, §7). */
export interface ProfileUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: 'user' | 'admin';
  admin_level: AdminLevel;
  is_superuser: boolean;
  family: { id: number; members: FamilyMember[] } | null;
  racer_id: number | null;
  is_racer: boolean;
  is_racer_confirmed: 'PENDING' | 'APPROVED' | 'REJECTED';
  contact_number: string;
  date_of_birth: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  ski_or_board: 'SKI' | 'SNOWBOARD' | null;
  local_club: string | null;
  other_club: string;
  emergency_contact_name: string;
  emergency_contact_number: string;
  accept_terms_and_conditions: boolean;
  permission_photographed: boolean;
  permission_name_on_photos: boolean;
  permission_social_media: boolean;
  permission_share_data_with_sponsors: boolean;
  se_reg_number: string;
}
