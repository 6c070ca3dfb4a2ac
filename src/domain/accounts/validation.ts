import { z } from 'zod';
import { LOCAL_CLUB_VALUES } from '../clubs.ts';
import { flag, GENDERS, permissionFlags, SKI_OR_BOARD } from '../people/profile.ts';
import { type TextRule, textField, textProblem } from '../text.ts';
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
import { ACCOUNT_TEXT } from './text-rules.ts';

/** Messages by field name; the first failing rule of each field. */
export type FieldMessages = Record<string, string>;

const T = ACCOUNT_TEXT;
/** A text field under its rule (src/domain/text.ts); missing is empty, so that the form's rules
 * give the spec's message for it. */
const text = (rule: TextRule) => textField(rule).default('');
const choice = <const V extends readonly [string, ...string[]]>(values: V, message: string) =>
  emptyToNull(z.enum(values, { error: message }));
const emptyToNull = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().default(null));

/** POST /api/v1/register/ (doc 1 §3 "Registration payload"). Shape and text rules only; the
 * spec's rules run in validateRegistration. */
export const registrationPayloadSchema = z.strictObject({
  first_name: text(T.firstName),
  last_name: text(T.lastName),
  username: text(T.username),
  email: text(T.email),
  password: text(T.password),
  is_racer: flag('Racer'),
  contact_number: text(T.contactNumber),
  date_of_birth: emptyToNull(textField(T.dateOfBirth)),
  gender: choice(GENDERS, MSG.genderRequired),
  ski_or_board: choice(SKI_OR_BOARD, MSG.skiOrBoardRequired),
  local_club: choice(LOCAL_CLUB_VALUES, MSG.localClubRequired),
  other_club: text(T.otherClub),
  emergency_contact_name: text(T.emergencyName),
  emergency_contact_number: text(T.emergencyNumber),
  /** Only `true` accepts; anything else is "not accepted", which validateRegistration refuses
   * with the spec's message (it names the provider, which the schema does not know). */
  accept_terms_and_conditions: z.preprocess((v) => v === true, z.boolean()),
  ...permissionFlags((f) => f.default(false)),
  se_reg_number: text(T.seRegNumber),
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
  email: text(T.email),
  contact_number: text(T.contactNumber),
  emergency_contact_name: text(T.emergencyName),
  emergency_contact_number: text(T.emergencyNumber),
  se_reg_number: text(T.seRegNumber),
  ...permissionFlags((f) => f.optional()),
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

export const loginSchema = z.strictObject({ username: text(T.loginUsername), password: text(T.loginPassword) });
export type LoginInput = z.infer<typeof loginSchema>;

export function validateLogin(p: LoginInput): FieldMessages {
  return collect([
    ['username', p.username.trim() ? textProblem(p.username.trim(), T.loginUsername) : MSG.loginUsernameRequired],
    ['password', p.password ? textProblem(p.password, T.loginPassword) : MSG.loginPasswordRequired],
  ]);
}

export const changePasswordSchema = z.strictObject({
  old_password: text(T.currentPassword),
  new_password1: text(T.newPassword),
  new_password2: text(T.newPasswordConfirm),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export function validateChangePassword(p: ChangePasswordInput): FieldMessages {
  return collect([
    ['old_password', p.old_password ? textProblem(p.old_password, T.currentPassword) : MSG.currentPasswordRequired],
    ['new_password1', p.new_password1 ? passwordRule(p.new_password1, T.newPassword) : MSG.newPasswordRequired],
    ['new_password2', textProblem(p.new_password2, T.newPasswordConfirm)],
    ['new_password2', p.new_password2 === p.new_password1 ? null : MSG.passwordsDoNotMatch],
  ]);
}

export const resetRequestSchema = z.strictObject({ username: text(T.resetUsername) });

export function validateResetRequest(p: { username: string }): FieldMessages {
  const username = p.username.trim();
  return collect([['username', username ? textProblem(username, T.resetUsername) : MSG.resetUsernameRequired]]);
}

export const resetConfirmSchema = z.strictObject({
  uidb64: textField(T.resetLinkUid),
  token: textField(T.resetLinkToken),
  new_password: textField(T.resetNewPassword),
});

/** The reset page: both fields required and equal; the new password must meet the password rule. */
export function validateResetPasswords(p: { new_password: string; confirm_password: string }): FieldMessages {
  return collect([
    ['new_password', p.new_password ? passwordRule(p.new_password, T.resetNewPassword) : MSG.resetNewPasswordRequired],
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
