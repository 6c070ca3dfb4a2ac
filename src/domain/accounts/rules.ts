import { type TextRule, textProblem } from '../text.ts';
import { MSG } from './messages.ts';
import { ACCOUNT_TEXT as T } from './text-rules.ts';

export { EMAIL_MAX } from './text-rules.ts';

/**
 * One function per rule of doc 1 §5. Each takes the (already trimmed) value and returns the
 * spec's message, or null when the value passes. Forms and the server use the same functions.
 * Each rule first applies the field's text rule (src/domain/text.ts: length and control
 * characters), so the browser refuses what the server would.
 */
export type Rule<T = string> = (value: T) => string | null;

const NAME = /^[\p{L}\s'’-]{2,50}$/u;
const USERNAME = /^[A-Za-z][A-Za-z0-9]{7,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OTHER_CLUB = /^[A-Za-z ]{3,50}$/;
const SE_REG = /^\d{1,7}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const MIN_RACER_AGE = 4;

export const firstNameRule: Rule = (v) =>
  !v ? MSG.firstNameRequired : (textProblem(v, T.firstName) ?? (NAME.test(v) ? null : MSG.firstNameFormat));
export const lastNameRule: Rule = (v) =>
  !v ? MSG.lastNameRequired : (textProblem(v, T.lastName) ?? (NAME.test(v) ? null : MSG.lastNameFormat));
export const usernameRule: Rule = (v) => (USERNAME.test(v) ? null : MSG.username);
export const emailRule: Rule = (v) => textProblem(v, T.email) ?? (EMAIL.test(v) ? null : MSG.email);
export const profileEmailRule: Rule = (v) => (!v ? MSG.emailRequired : emailRule(v));

/** The checklist's five requirements. A space is allowed anywhere (the spec asks only for these),
 * but it is not the special character. */
export function passwordRequirements(password: string) {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    number: /\d/.test(password),
    special: /[^A-Za-z0-9\s]/.test(password),
  };
}

/** A new password: no refused characters (named as the form's field names them), and every
 * requirement of the checklist met, so the rule passes exactly when the strength label is
 * 'Very Strong'. */
export function passwordRule(v: string, field: TextRule = T.password): string | null {
  return textProblem(v, field) ?? (Object.values(passwordRequirements(v)).every(Boolean) ? null : MSG.password);
}

/** Personal values shorter than this are not looked for (a one-letter initial is everywhere). */
const PERSONAL_MIN = 2;

/**
 * The password must not contain the username, the e-mail, the first name or the last name,
 * ignoring case (docs/decisions/0010-password-content-rule.md). "The e-mail" is read as the
 * address's local part, the part before the last @: a password of at most 20 characters can
 * rarely hold a whole address, and one that does holds its local part too. Each value counts
 * from 2 characters.
 */
export function passwordContentRule(
  password: string,
  personal: { username?: string; email?: string; first_name?: string; last_name?: string },
): string | null {
  const p = password.toLowerCase();
  const parts = [personal.username, emailLocalPart(personal.email ?? ''), personal.first_name, personal.last_name];
  const hit = parts.some((part) => {
    const s = (part ?? '').trim().toLowerCase();
    return s.length >= PERSONAL_MIN && p.includes(s);
  });
  return hit ? MSG.passwordContent : null;
}

/** The part of an address before its last @ (the whole value when there is none). */
export function emailLocalPart(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/**
 * A contact number (registration, profile and emergency numbers alike): digits, written
 * together or in groups split by single spaces, either
 * - national: 11 digits (01234 123456, 01234123456, 07911 123 456, 12345 123456, 21234567890), or
 * - international: + and a country code (not starting with 0), 8 to 15 digits in all, the most
 *   E.164 allows (+44 1234 123456, +441234123456, +353 1 234 5678).
 */
export function isContactNumber(value: string): boolean {
  if (!/^\+?\d+(?: \d+)*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  if (!value.startsWith('+')) return digits === 11;
  return value[1] !== '0' && digits >= 8 && digits <= 15;
}

export const contactNumberRule: Rule = (v) =>
  !v ? null : (textProblem(v, T.contactNumber) ?? (isContactNumber(v) ? null : MSG.contactNumber));
export const emergencyNumberRule: Rule = (v) =>
  textProblem(v, T.emergencyNumber) ?? (isContactNumber(v) ? null : MSG.contactNumber);

/** One word of a person's name: letters (any script, with their accents), and hyphens,
 * apostrophes and full stops inside it (Mary-Jane, O'Neil, Dr., J.). */
const NAME_WORD = /^(?=.*\p{L})[\p{L}\p{M}.'’-]+$/u;

/**
 * The emergency contact name, one rule for registration and the profile: a first and last name
 * (at least two words), at most 50 characters. Registration asks only for "first and last
 * name"; titles and initials ('Dr. Pat Smith') pass, digits and other symbols do not.
 * Registration says 'Please provide both…' for an empty name too.
 */
export const emergencyNameRule: Rule = (v) => {
  const problem = textProblem(v, T.emergencyName);
  if (problem) return problem;
  const words = v.split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((w) => NAME_WORD.test(w)) ? null : MSG.emergencyNameBoth;
};

/** Profile update: the same rule, with its own message when the name is empty. */
export const profileEmergencyNameRule: Rule = (v) => (!v ? MSG.emergencyNameRequired : emergencyNameRule(v));

export const otherClubRule: Rule = (v) =>
  !v ? MSG.otherClubRequired : OTHER_CLUB.test(v) ? null : MSG.otherClubFormat;
export const seRegNumberRule: Rule = (v) => (!v || SE_REG.test(v) ? null : MSG.seRegNumber);

/** "Capitalised": the first letter of each word (after a space, hyphen or apostrophe) upper case. */
export function capitalise(name: string): string {
  return name.replace(/(^|[\s'’-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

export interface DateParts {
  day: string | number | null | undefined;
  month: string | number | null | undefined;
  year: string | number | null | undefined;
}

/** An ISO date YYYY-MM-DD that exists on the calendar, or null. */
export function isoFromParts(parts: DateParts): string | null {
  const d = Number(parts.day);
  const m = Number(parts.month);
  const y = Number(parts.year);
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y)) return null;
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function partsFromIso(iso: string): { day: number; month: number; year: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isoFromParts(parts) ? parts : null;
}

/** Whole years between an ISO birth date and an ISO day (the racer's age on that day). */
export function ageOn(birthIso: string, todayIso: string): number {
  const b = partsFromIso(birthIso);
  const t = partsFromIso(todayIso);
  if (!b || !t) return Number.NaN;
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
}

/** Racer date of birth from the day/month/year pickers; `today` is the ISO date in London. */
export function dateOfBirthPartsRule(parts: DateParts, todayIso: string): string | null {
  const filled = [parts.day, parts.month, parts.year].filter((p) => p !== null && p !== undefined && p !== '');
  if (filled.length === 0) return MSG.dobRequired;
  if (filled.length < 3) return MSG.dobIncomplete;
  const iso = isoFromParts(parts);
  return iso ? dateOfBirthRule(iso, todayIso) : MSG.dobInvalid;
}

/** Racer date of birth as sent to the server (YYYY-MM-DD). At least 4 on the day of the check:
 * a child whose 4th birthday is today may register. */
export function dateOfBirthRule(iso: string | null | undefined, todayIso: string): string | null {
  if (!iso) return MSG.dobRequired;
  if (!partsFromIso(iso) || iso > todayIso) return MSG.dobInvalid;
  return ageOn(iso, todayIso) >= MIN_RACER_AGE ? null : MSG.dobTooYoung;
}

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Medium' | 'Strong' | 'Very Strong';
export const STRENGTH_LABELS: StrengthLabel[] = ['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong'];

/** Score 0-5: one point per requirement met (length 8-20, upper, lower, digit, special).
 * 0-1 Very Weak, 2 Weak, 3 Medium, 4 Strong, 5 Very Strong. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  const score = Object.values(passwordRequirements(password)).filter(Boolean).length;
  const label = STRENGTH_LABELS[Math.max(0, score - 1)] as StrengthLabel;
  return { score, label };
}

/** The live checklist under every new-password field. */
export const PASSWORD_CHECKLIST: { key: keyof ReturnType<typeof passwordRequirements>; label: string }[] = [
  { key: 'length', label: '8-20 characters' },
  { key: 'uppercase', label: 'At least one uppercase letter' },
  { key: 'lowercase', label: 'At least one lowercase letter' },
  { key: 'number', label: 'At least one number' },
  { key: 'special', label: 'At least one special character' },
];
