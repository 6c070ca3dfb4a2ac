import { formatEventDate } from '../dates.ts';
import { londonWallClock } from '../events/registration.ts';

/**
 * The changes to an account's keys that its owner is told of by e-mail (issue 37): the password,
 * the authenticator turned on or off, new recovery codes. The words are the e-mail's and the
 * tests'; the server queues the mail in the transaction that makes the change.
 */
export const ACCOUNT_CHANGES = [
  'password_changed',
  'second_factor_on',
  'second_factor_off',
  'recovery_codes_made',
] as const;

export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

export const ACCOUNT_CHANGE_WORDS: Record<AccountChange, { subject: string; what: string }> = {
  password_changed: {
    subject: 'your password was changed',
    what: 'the password of your account was changed, and every device signed in to it was signed out',
  },
  second_factor_on: {
    subject: 'an authenticator app was added to your account',
    what: 'an authenticator app was added to your account: signing in now asks for its code after the password, and your other devices were signed out',
  },
  second_factor_off: {
    subject: 'the authenticator app was removed from your account',
    what: 'the authenticator app was removed from your account: signing in now asks only for the password, and your other devices were signed out',
  },
  recovery_codes_made: {
    subject: 'new recovery codes were made for your account',
    what: 'new recovery codes were made for your account: the old ones no longer work, and your other devices were signed out',
  },
};

export function isAccountChange(value: unknown): value is AccountChange {
  return typeof value === 'string' && (ACCOUNT_CHANGES as readonly string[]).includes(value);
}

/** When the change was made, as the e-mail says it: "Mon 7 Dec 2026, 14:35 UK time". */
export function changeWhenText(at: Date): string {
  const { date, time } = londonWallClock(at);
  return `${formatEventDate(date, false)}, ${time} UK time`;
}
