import { z } from 'zod';
import { RACER_STATUSES } from './racers.ts';

/**
 * The profile's shape, written once (doc 1 §3 "Profile state" and "Account profile", §7; doc 2
 * §3 "Profile"): the server's responses are checked against these schemas and the browser reads
 * the types inferred from them. The rules and messages of what may be sent are in
 * domain/accounts/validation.ts (registration, own profile) and domain/people/users.ts (the back
 * office's edit), over the same field names.
 */

export const GENDERS = ['MALE', 'FEMALE'] as const;
export const SKI_OR_BOARD = ['SKI', 'SNOWBOARD'] as const;
export const ADMIN_LEVELS = ['NONE', 'ADMIN', 'SUPER'] as const;

/** A true/false field of a request; anything else is refused by name ("Racer must be true or
 * false"). */
export const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** The four permissions (doc 1 §3) as a request sends them, each made what `each` makes of it
 * (optional, or false by default). */
export function permissionFlags<R>(each: (schema: z.ZodBoolean) => R) {
  return {
    permission_photographed: each(flag('Permission to be photographed')),
    permission_name_on_photos: each(flag('Permission to show the name on photos')),
    permission_social_media: each(flag('Permission for social media')),
    permission_share_data_with_sponsors: each(flag('Permission to share data with sponsors')),
  };
}

/** The profile's own fields, as every response carries them. */
export const ProfileFieldsSchema = z.object({
  racer_id: z.number().int().nullable(),
  is_racer: z.boolean(),
  is_racer_confirmed: z.enum(RACER_STATUSES),
  contact_number: z.string(),
  date_of_birth: z.string().nullable().describe('YYYY-MM-DD'),
  gender: z.enum(GENDERS).nullable(),
  ski_or_board: z.enum(SKI_OR_BOARD).nullable(),
  /** A club's code, or '' for none. */
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
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

/** An account's names, as a profile names its user. */
export const AccountNamesSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** One member of the user's family, as the profile lists them. */
export const FamilyMemberSchema = AccountNamesSchema;
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/**
 * GET and PUT /api/v1/profile/ and POST /api/v1/register/ (201): the user with the profile fields
 * at the top level.
 */
export const ProfileResponseSchema = z.object({
  ...AccountNamesSchema.shape,
  email: z.string(),
  role: z.enum(['user', 'admin']),
  admin_level: z.enum(ADMIN_LEVELS),
  is_superuser: z.boolean(),
  family: z.object({ id: z.number().int(), members: z.array(FamilyMemberSchema) }).nullable(),
  ...ProfileFieldsSchema.shape,
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** A profile as the back office lists it: the profile's fields with its account's names and
 * e-mail under `user`. `id` is the profile's id. */
export const AdminProfileSchema = z.object({
  id: z.number().int(),
  user: z.object({
    ...AccountNamesSchema.shape,
    email: z.string(),
    /** NONE, ADMIN or SUPER: what the edit form's level control shows a super administrator. */
    admin_level: z.enum(ADMIN_LEVELS),
  }),
  ...ProfileFieldsSchema.shape,
  archived: z.boolean(),
});
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

/** A profile's editable values as they will be after an administrator's edit (the stored ones
 * with the sent ones over them); a club of '' reads as none (null). */
export type AdminProfileValues = Omit<ProfileFields, 'accept_terms_and_conditions' | 'local_club'> & {
  local_club: string | null;
};
