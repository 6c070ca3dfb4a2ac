import { z } from 'zod';
import { type TextRule, textField, textProblem } from '../text.ts';

/**
 * An administrator's second factor (issue 27, docs/decisions/0047-second-factor.md): an
 * authenticator app's six-digit code (RFC 6238: SHA-1, 30 s, ±1 step) or one of ten one-time
 * recovery codes. Pure rules shared by the server and the web forms.
 */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** Steps either side of now a code is still accepted (a phone's clock a little off). */
  windowSteps: 1,
  recoveryCodes: 10,
  /** How long the sign-in's second step may take after the password was right. */
  challengeMinutes: 5,
  issuer: 'Piste',
} as const;

export const TOTP_MSG = {
  codeRequired: 'Please enter the code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  /** A wrong code at sign-in (401) or when confirming an authenticator (400). */
  codeInvalid: 'Invalid code, please try again.',
  /** A second step whose challenge is unknown, used, expired or forged (401). */
  challengeInvalid: 'Your sign-in has expired. Please enter your username and password again.',
  adminsOnly: 'Only administrators can add an authenticator.',
  notSetUp: 'Start setting up your authenticator first.',
  alreadyOn: 'Your authenticator is already on. Turn it off first to add another.',
  notOn: 'You have no authenticator turned on.',
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Your password was entered incorrectly.',
  /** The line the Security section shows a super administrator who must set one up first. */
  requiredForSuper:
    'This association requires super administrators to sign in with a second factor. Set up your authenticator app here first: until it is on, the rest of the site is closed to this account.',
  /** What every other call of such an account answers (403) until the authenticator is on
   * (TOTP_REQUIRED_FOR_SUPER, docs/decisions/0062). */
  enrolFirst:
    'Set up your authenticator app first: My Profile → Security. Super administrators must sign in with a second factor.',
  cannotTurnOff: 'Super administrators must keep an authenticator: this association requires one.',
  turnedOff: 'Your authenticator is off.',
} as const;

/** The text rule of the code field: short, no control characters. */
export const TOTP_CODE_TEXT: TextRule = {
  label: 'Code',
  max: 32,
  required: TOTP_MSG.codeRequired,
  format: TOTP_MSG.codeFormat,
};
export const TOTP_CHALLENGE_TEXT: TextRule = {
  label: 'Sign-in challenge',
  max: 1024,
  raw: true,
  required: TOTP_MSG.challengeInvalid,
  format: TOTP_MSG.challengeInvalid,
};
const PASSWORD_TEXT: TextRule = { label: 'Password', max: 256, raw: true, required: TOTP_MSG.passwordRequired };

/** Recovery codes: three groups of four from a-z and 0-9 without the look-alikes 0 o 1 l i. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_SHAPE = new RegExp(`^[${RECOVERY_ALPHABET}]{4}-[${RECOVERY_ALPHABET}]{4}-[${RECOVERY_ALPHABET}]{4}$`);

/** A recovery code from random bytes (at least 12): `xxxx-xxxx-xxxx`. */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < 12) throw new Error('recoveryCodeFrom needs 12 random bytes');
  let code = '';
  for (let i = 0; i < 12; i++) {
    if (i > 0 && i % 4 === 0) code += '-';
    // 256 is not a multiple of 31: the first 8 letters come a little more often (≈ 3 % more),
    // which leaves 12 × log2(31) - ε ≈ 59 bits per code
    code += RECOVERY_ALPHABET[(bytes[i] ?? 0) % RECOVERY_ALPHABET.length];
  }
  return code;
}

/** What a person typed, as it is compared: spaces and dashes dropped, lower case. A 6-digit
 * authenticator code (spaces allowed: "123 456") or a recovery code in its stored shape. */
export type CodeInput = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

export function readCode(typed: string): CodeInput | null {
  const compact = typed.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === 12) {
    const code = `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
    if (RECOVERY_SHAPE.test(code)) return { kind: 'recovery', code };
  }
  return null;
}

/** The form's message for the code field, or null when it may be sent. */
export function codeProblem(typed: string): string | null {
  const value = typed.trim();
  if (!value) return TOTP_MSG.codeRequired;
  return textProblem(value, TOTP_CODE_TEXT) ?? (readCode(value) ? null : TOTP_MSG.codeFormat);
}

/** Secrets shown to be typed by hand: groups of four. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** POST /api/v1/login/totp/ */
export const totpLoginSchema = z.strictObject({
  challenge: textField(TOTP_CHALLENGE_TEXT),
  code: textField(TOTP_CODE_TEXT),
});
export type TotpLoginInput = z.infer<typeof totpLoginSchema>;

/** POST /api/v1/profile/totp/confirm/ */
export const totpConfirmSchema = z.strictObject({ code: textField(TOTP_CODE_TEXT) });

/** DELETE /api/v1/profile/totp/ and POST /api/v1/profile/totp/recovery-codes/ */
export const totpPasswordSchema = z.strictObject({ password: textField(PASSWORD_TEXT) });

/** GET /api/v1/profile/totp/ */
export interface TotpStatus {
  /** A confirmed authenticator is on: sign-in asks for its code. */
  enabled: boolean;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
  /** The association requires an authenticator of this account (TOTP_REQUIRED_FOR_SUPER, a
   * super administrator). */
  required: boolean;
}

/** What POST /api/v1/login/ answers when the password was right and a code is still needed. */
export interface TotpChallengeAnswer {
  totp_required: true;
  challenge: string;
}
