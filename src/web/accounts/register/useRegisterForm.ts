import { useForm } from '@mantine/form';
import { MSG } from '../../../domain/accounts/messages.ts';
import { dateOfBirthPartsRule, isoFromParts } from '../../../domain/accounts/rules.ts';
import { type RegistrationPayload, validateRegistration } from '../../../domain/accounts/validation.ts';
import { LOCAL_CLUBS, type LocalClub } from '../../../domain/clubs.ts';
import { londonToday } from '../../../domain/dates.ts';

/** What the register form holds: the payload's fields as typed, plus the confirmation and the
 * three date-of-birth pickers. Selects hold '' until something is chosen. */
export interface RegisterValues {
  is_racer: boolean;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  confirm_password: string;
  contact_number: string;
  dob_day: string;
  dob_month: string;
  dob_year: string;
  gender: string;
  ski_or_board: string;
  local_club: string;
  other_club: string;
  se_reg_number: string;
  emergency_contact_name: string;
  emergency_contact_number: string;
  accept_terms_and_conditions: boolean;
  permission_photographed: boolean;
  permission_name_on_photos: boolean;
  permission_social_media: boolean;
  permission_share_data_with_sponsors: boolean;
}

export const EMPTY_REGISTRATION: RegisterValues = {
  is_racer: false,
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  confirm_password: '',
  contact_number: '',
  dob_day: '',
  dob_month: '',
  dob_year: '',
  gender: '',
  ski_or_board: '',
  local_club: '',
  other_club: '',
  se_reg_number: '',
  emergency_contact_name: '',
  emergency_contact_number: '',
  accept_terms_and_conditions: false,
  permission_photographed: false,
  permission_name_on_photos: false,
  permission_social_media: false,
  permission_share_data_with_sponsors: false,
};

/** The form error key for the three date-of-birth pickers (the payload's field name). */
export const DOB_ERROR = 'date_of_birth';

const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | null =>
  (allowed as readonly string[]).includes(value) ? (value as T) : null;

const CLUB_VALUES: readonly LocalClub[] = LOCAL_CLUBS.map((c) => c.value);

/** The registration payload (doc 1 §3): text trimmed, racer-only fields only for racers, the
 * confirmation never sent. */
export function toPayload(v: RegisterValues): RegistrationPayload {
  const racer = v.is_racer;
  const localClub = racer ? oneOf(v.local_club, CLUB_VALUES) : null;
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    username: v.username.trim(),
    email: v.email.trim(),
    password: v.password,
    is_racer: racer,
    contact_number: v.contact_number.trim(),
    date_of_birth: racer ? isoFromParts({ day: v.dob_day, month: v.dob_month, year: v.dob_year }) : null,
    gender: racer ? oneOf(v.gender, ['MALE', 'FEMALE'] as const) : null,
    ski_or_board: racer ? oneOf(v.ski_or_board, ['SKI', 'SNOWBOARD'] as const) : null,
    local_club: localClub,
    other_club: localClub === 'OTHER' ? v.other_club.trim() : '',
    emergency_contact_name: v.emergency_contact_name.trim(),
    emergency_contact_number: v.emergency_contact_number.trim(),
    accept_terms_and_conditions: v.accept_terms_and_conditions,
    permission_photographed: v.permission_photographed,
    permission_name_on_photos: v.permission_name_on_photos,
    permission_social_media: v.permission_social_media,
    permission_share_data_with_sponsors: v.permission_share_data_with_sponsors,
    se_reg_number: racer ? v.se_reg_number.trim() : '',
  };
}

/** Every registration rule of the domain, plus the confirmation and the date pickers' own
 * messages ('Full date of birth is required' and so on). */
export function validateRegisterValues(v: RegisterValues, provider: string): Record<string, string> {
  const today = londonToday();
  const errors = Object.fromEntries(
    Object.entries(validateRegistration(toPayload(v), { provider, today })).filter(([field]) => field !== DOB_ERROR),
  );
  if (v.is_racer) {
    const dob = dateOfBirthPartsRule({ day: v.dob_day, month: v.dob_month, year: v.dob_year }, today);
    if (dob) errors[DOB_ERROR] = dob;
  }
  if (v.confirm_password !== v.password) errors.confirm_password = MSG.passwordsDoNotMatch;
  return errors;
}

export function useRegisterForm(provider: string) {
  return useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: EMPTY_REGISTRATION,
    validate: (values) => validateRegisterValues(values, provider),
  });
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
