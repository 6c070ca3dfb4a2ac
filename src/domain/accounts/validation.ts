import { z } from 'zod';
import { LOCAL_CLUB_VALUES } from '../clubs.ts';
import { MSG } from './messages.ts';
import {
  capitalise,
  contactNumberRule,
  dateOfBirthRule,
  emailRule,
  emergencyNameRule,
  emergencyNumberRule,
  firstNameRule,
  lastNameRule,
  otherClubRule,
  passwordContentRule,
  passwordRule,
  profileEmailRule,
  profileEmergencyNameRule,
  seRegNumberRule,
  usernameRule,
} from './rules.ts';

/** Messages by field name; the first failing rule of each field. */
export type FieldMessages = Record<string, string>;

const text = z.string().trim();
const optionalText = z.string().trim().default('');
const flag = z.boolean().default(false);
const emptyToNull = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().default(null));

/** POST /api/v1/register/ (doc 1 §3 "Registration payload"). Shape only; rules in validateRegistration. */
export const registrationPayloadSchema = z.strictObject({
  first_name: text,
  last_name: text,
  username: text,
  email: text,
  password: z.string(),
  is_racer: z.boolean(),
  contact_number: optionalText,
  date_of_birth: emptyToNull(z.string().trim()),
  gender: emptyToNull(z.enum(['MALE', 'FEMALE'])),
  ski_or_board: emptyToNull(z.enum(['SKI', 'SNOWBOARD'])),
  local_club: emptyToNull(z.enum(LOCAL_CLUB_VALUES)),
  other_club: optionalText,
  emergency_contact_name: optionalText,
  emergency_contact_number: optionalText,
  accept_terms_and_conditions: flag,
  permission_photographed: flag,
  permission_name_on_photos: flag,
  permission_social_media: flag,
  permission_share_data_with_sponsors: flag,
  se_reg_number: optionalText,
});
export type RegistrationPayload = z.infer<typeof registrationPayloadSchema>;

export interface RuleContext {
  /** The association's short code, for the accept-policies message. */
  provider: string;
  /** Today's date in Europe/London, YYYY-MM-DD. */
  today: string;
}

function collect(entries: [string, string | null][]): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, message] of entries) if (message && !out[field]) out[field] = message;
  return out;
}

/** Every registration rule of doc 1 §5. Racer-only fields are checked only for racers. */
export function validateRegistration(
  p: Omit<RegistrationPayload, 'date_of_birth'> & { date_of_birth: string | null },
  ctx: RuleContext,
): FieldMessages {
  const racer = p.is_racer;
  return collect([
    ['first_name', firstNameRule(p.first_name)],
    ['last_name', lastNameRule(p.last_name)],
    ['username', usernameRule(p.username)],
    ['email', emailRule(p.email)],
    ['password', passwordRule(p.password)],
    ['password', passwordContentRule(p.password, p)],
    ['contact_number', contactNumberRule(p.contact_number)],
    ['date_of_birth', racer ? dateOfBirthRule(p.date_of_birth, ctx.today) : null],
    ['gender', racer && !p.gender ? MSG.genderRequired : null],
    ['ski_or_board', racer && !p.ski_or_board ? MSG.skiOrBoardRequired : null],
    ['local_club', racer && !p.local_club ? MSG.localClubRequired : null],
    ['other_club', racer && p.local_club === 'OTHER' ? otherClubRule(p.other_club) : null],
    ['emergency_contact_name', emergencyNameRule(p.emergency_contact_name)],
    ['emergency_contact_number', emergencyNumberRule(p.emergency_contact_number)],
    ['accept_terms_and_conditions', p.accept_terms_and_conditions ? null : MSG.acceptTerms(ctx.provider)],
    ['se_reg_number', seRegNumberRule(p.se_reg_number)],
  ]);
}

/** The stored form of a valid registration: names capitalised, racer-only fields cleared for
 * non-racers, other_club kept only for OTHER. */
export function normaliseRegistration(p: RegistrationPayload): RegistrationPayload {
  const racer = p.is_racer;
  return {
    ...p,
    first_name: capitalise(p.first_name),
    last_name: capitalise(p.last_name),
    date_of_birth: racer ? p.date_of_birth : null,
    gender: racer ? p.gender : null,
    ski_or_board: racer ? p.ski_or_board : null,
    local_club: racer ? p.local_club : null,
    other_club: racer && p.local_club === 'OTHER' ? p.other_club : '',
  };
}

/** Fields a user may change on their own profile (doc 1 §5 "Profile update"). */
export const PROFILE_EDITABLE = [
  'email',
  'contact_number',
  'emergency_contact_name',
  'emergency_contact_number',
  'se_reg_number',
  'permission_photographed',
  'permission_name_on_photos',
  'permission_social_media',
  'permission_share_data_with_sponsors',
] as const;

/** Shown but read-only: sending one of these in PUT /api/v1/profile/ is refused per field. */
export const PROFILE_READ_ONLY = [
  'username',
  'first_name',
  'last_name',
  'is_racer',
  'date_of_birth',
  'gender',
  'ski_or_board',
  'local_club',
  'other_club',
  'accept_terms_and_conditions',
] as const;

export const profileUpdateSchema = z.strictObject({
  email: text.default(''),
  contact_number: optionalText,
  emergency_contact_name: text.default(''),
  emergency_contact_number: text.default(''),
  se_reg_number: optionalText,
  permission_photographed: z.boolean().optional(),
  permission_name_on_photos: z.boolean().optional(),
  permission_social_media: z.boolean().optional(),
  permission_share_data_with_sponsors: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export function validateProfileUpdate(p: ProfileUpdate): FieldMessages {
  return collect([
    ['email', profileEmailRule(p.email)],
    ['contact_number', contactNumberRule(p.contact_number)],
    ['emergency_contact_name', profileEmergencyNameRule(p.emergency_contact_name)],
    [
      'emergency_contact_number',
      p.emergency_contact_number ? emergencyNumberRule(p.emergency_contact_number) : MSG.emergencyNumberRequired,
    ],
    ['se_reg_number', seRegNumberRule(p.se_reg_number)],
  ]);
}

export const loginSchema = z.strictObject({ username: z.string(), password: z.string() });
export type LoginInput = z.infer<typeof loginSchema>;

export function validateLogin(p: LoginInput): FieldMessages {
  return collect([
    ['username', p.username.trim() ? null : MSG.loginUsernameRequired],
    ['password', p.password ? null : MSG.loginPasswordRequired],
  ]);
}

export const changePasswordSchema = z.strictObject({
  old_password: z.string(),
  new_password1: z.string(),
  new_password2: z.string(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export function validateChangePassword(p: ChangePasswordInput): FieldMessages {
  return collect([
    ['old_password', p.old_password ? null : MSG.currentPasswordRequired],
    ['new_password1', p.new_password1 ? passwordRule(p.new_password1) : MSG.newPasswordRequired],
    ['new_password2', p.new_password2 === p.new_password1 ? null : MSG.passwordsDoNotMatch],
  ]);
}

export const resetRequestSchema = z.strictObject({ username: z.string() });

export function validateResetRequest(p: { username: string }): FieldMessages {
  return collect([['username', p.username.trim() ? null : MSG.resetUsernameRequired]]);
}

export const resetConfirmSchema = z.strictObject({
  uidb64: z.string().max(64),
  token: z.string().max(256),
  new_password: z.string(),
});

/** The reset page: both fields required and equal; the new password must meet the password rule. */
export function validateResetPasswords(p: { new_password: string; confirm_password: string }): FieldMessages {
  return collect([
    ['new_password', p.new_password ? passwordRule(p.new_password) : MSG.resetNewPasswordRequired],
    [
      'confirm_password',
      !p.confirm_password
        ? MSG.resetConfirmRequired
        : p.confirm_password === p.new_password
          ? null
          : MSG.passwordsDoNotMatch,
    ],
  ]);
}

/** Field messages in the API's error shape (a list per field). */
export function toFieldErrors(messages: FieldMessages): Record<string, string[]> {
  return Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, [v]]));
}
