import { z } from 'zod';
import { MSG } from '../accounts/messages.ts';
import {
  contactNumberRule,
  dateOfBirthRule,
  emergencyNumberRule,
  firstNameRule,
  lastNameRule,
  otherClubRule,
  profileEmailRule,
  profileEmergencyNameRule,
  seRegNumberRule,
} from '../accounts/rules.ts';
import { ACCOUNT_TEXT as T } from '../accounts/text-rules.ts';
import type { FieldMessages } from '../accounts/validation.ts';
import { LOCAL_CLUB_VALUES } from '../clubs.ts';
import { textField } from '../text.ts';
import { type AdminProfileValues, flag, GENDERS, permissionFlags, SKI_OR_BOARD } from './profile.ts';
import { RACER_STATUSES } from './racers.ts';

export type { AdminProfileValues } from './profile.ts';

/** Users panel (doc 2 §2 "Users panel", §5 "New user" and "Racer flag", §8, §9). */
export const USERS_PAGE_SIZE = 50;

/** The ten sort options (doc 2 §9), default id_desc; `archived` is the archived view. */
export const USER_SORTS = [
  'id_asc',
  'id_desc',
  'first_name_asc',
  'first_name_desc',
  'last_name_asc',
  'last_name_desc',
  'confirmed_racers',
  'dob_asc',
  'dob_desc',
  'archived',
] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const DEFAULT_USER_SORT: UserSort = 'id_desc';

export const USER_SORT_LABELS: Record<UserSort, string> = {
  id_asc: 'Oldest first',
  id_desc: 'Newest first',
  first_name_asc: 'First name A–Z',
  first_name_desc: 'First name Z–A',
  last_name_asc: 'Last name A–Z',
  last_name_desc: 'Last name Z–A',
  confirmed_racers: 'Confirmed racers first',
  dob_asc: 'Oldest by date of birth',
  dob_desc: 'Youngest by date of birth',
  archived: 'Archived users',
};

export const USERS_MSG = {
  // the browser's texts (doc 2 §8)
  created: 'User created successfully!',
  createFailed: (detail: string | null) => `Failed to create user - ${detail ?? 'Unknown error'}`,
  updated: 'User updated successfully!',
  updateFailed: (detail: string | null) => `Failed to update user: ${detail ?? 'Unknown error'}`,
  archivedOrRestored: 'User restored or archived successfully',
  archiveFailed: 'Failed to restore or archive user',
  fetchFailed: 'Failed to fetch user profiles',
  csvDownloaded: 'CSV downloaded successfully!',
  csvFailed: 'Failed to download CSV',
  noArchived: 'No archived users found',
  noUsers: 'No users found',
  // doc 2 §5 "New user" (the form's own checks before the call)
  passwordsDiffer: 'Passwords do not match',
  passwordShort: 'Password must be at least 8 characters long',
  usernameShort: 'Username must be at least 8 characters long and contain only alphanumeric characters',
  // the server's texts (the spec gives none)
  sortUnknown: `The sort must be one of ${USER_SORTS.join(', ')}.`,
  notFound: 'User not found.',
  racerNumberFormat: 'The racer number must be a whole number from 1.',
  racerNumberTaken: 'That racer number is already in use.',
  archiveSelf: 'You cannot archive your own account.',
  levelOwn: 'You cannot change your own admin level.',
  levelSuperOnly: 'Only a super administrator can change an admin level.',
  levelOfSuper: 'A super administrator’s level cannot be changed here.',
  higherAccount: 'Only a super administrator can change an administrator’s account.',
  superArchive: 'A super administrator’s account cannot be archived.',
  archived: 'User archived.',
  restored: 'User restored.',
} as const;

/** A choice, or '' for none. */
const choice = <const V extends readonly [string, ...string[]]>(values: V, message: string) =>
  z.union([z.enum(values), z.literal('')], { error: message }).nullable();

/** The racer number an administrator types: null for none, else a whole number from 1. */
export const racerNumberSchema = z
  .number({ error: USERS_MSG.racerNumberFormat })
  .int(USERS_MSG.racerNumberFormat)
  .min(1, USERS_MSG.racerNumberFormat)
  .max(2_147_483_647, USERS_MSG.racerNumberFormat)
  .nullable();

/**
 * PUT /profiles/update/{id}/ (doc 2 §7: "profile fields, or only archived, or only
 * is_racer_confirmed"). Every field optional: the fields sent change, the rest stay; `archived`
 * goes on its own.
 */
export const profileUpdateBodySchema = z.strictObject({
  racer_id: racerNumberSchema.optional(),
  is_racer: flag('Racer').optional(),
  is_racer_confirmed: z.enum(RACER_STATUSES, { error: 'The status must be PENDING, APPROVED or REJECTED.' }).optional(),
  contact_number: textField(T.contactNumber).optional(),
  date_of_birth: textField(T.dateOfBirth).nullable().optional(),
  gender: choice(GENDERS, MSG.genderRequired).optional(),
  ski_or_board: choice(SKI_OR_BOARD, MSG.skiOrBoardRequired).optional(),
  local_club: choice(LOCAL_CLUB_VALUES, MSG.localClubRequired).optional(),
  other_club: textField(T.otherClub).optional(),
  emergency_contact_name: textField(T.emergencyName).optional(),
  emergency_contact_number: textField(T.emergencyNumber).optional(),
  ...permissionFlags((f) => f.optional()),
  se_reg_number: textField(T.seRegNumber).optional(),
  archived: flag('Archived').optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** Fields where '' means none (null). */
const NONE_WHEN_EMPTY = new Set(['date_of_birth', 'gender', 'ski_or_board', 'local_club']);

/** The stored values with the body's over them. */
export function mergeProfile(current: AdminProfileValues, body: ProfileUpdateBody): AdminProfileValues {
  const out: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || key === 'archived') continue;
    out[key] = value === '' && NONE_WHEN_EMPTY.has(key) ? null : value;
  }
  return out as unknown as AdminProfileValues;
}

function collect(entries: [string, string | null][]): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, message] of entries) if (message && !out[field]) out[field] = message;
  return out;
}

/** The rules of a profile an administrator edits: doc 1 §5's field rules and doc 2 §5's racer
 * flag (date of birth, gender, ski or snowboard and club for racers; the club's name for OTHER). */
export function validateAdminProfile(p: AdminProfileValues, today: string): FieldMessages {
  const racer = p.is_racer;
  return collect([
    ['contact_number', contactNumberRule(p.contact_number)],
    ['date_of_birth', racer ? dateOfBirthRule(p.date_of_birth, today) : null],
    ['gender', racer && !p.gender ? MSG.genderRequired : null],
    ['ski_or_board', racer && !p.ski_or_board ? MSG.skiOrBoardRequired : null],
    ['local_club', racer && !p.local_club ? MSG.localClubRequired : null],
    ['other_club', racer && p.local_club === 'OTHER' ? otherClubRule(p.other_club) : null],
    ['emergency_contact_name', profileEmergencyNameRule(p.emergency_contact_name)],
    [
      'emergency_contact_number',
      p.emergency_contact_number ? emergencyNumberRule(p.emergency_contact_number) : MSG.emergencyNumberRequired,
    ],
    ['se_reg_number', seRegNumberRule(p.se_reg_number)],
  ]);
}

/** PUT /users/update/{userId}/: the account's names and e-mail; `admin_level` only from a super
 * administrator, for another account. */
export const adminUserUpdateSchema = z.strictObject({
  first_name: textField(T.firstName).default(''),
  last_name: textField(T.lastName).default(''),
  email: textField(T.email).default(''),
  admin_level: z.enum(['NONE', 'ADMIN'], { error: 'The admin level must be NONE or ADMIN.' }).optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export function validateAdminUser(p: AdminUserUpdate): FieldMessages {
  return collect([
    ['first_name', firstNameRule(p.first_name)],
    ['last_name', lastNameRule(p.last_name)],
    ['email', profileEmailRule(p.email)],
  ]);
}

/** Doc 2 §5 "New user": the form's own checks, before the registration rules the server applies. */
export function newUserProblems(p: { username: string; password: string; confirm_password: string }): FieldMessages {
  return collect([
    ['username', /^[A-Za-z0-9]{8,}$/.test(p.username) ? null : USERS_MSG.usernameShort],
    ['password', p.password.length >= 8 ? null : USERS_MSG.passwordShort],
    ['confirm_password', p.password === p.confirm_password ? null : USERS_MSG.passwordsDiffer],
  ]);
}
