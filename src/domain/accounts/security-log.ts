import { SIGN_IN_USERNAME_MAX } from './text-rules.ts';

/**
 * The security log (issue 37, docs/decisions/0063-security-log.md): the account-security events a
 * super administrator reads in the back office, kept 12 months. Shared by the server (what it
 * writes and filters by) and the web (the words shown).
 */
export const SECURITY_EVENT_KINDS = [
  'password_changed',
  'password_reset',
  'second_factor_on',
  'second_factor_off',
  'recovery_codes_made',
  'recovery_code_used',
  'account_deleted',
  'sign_in_refused',
] as const;

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Each kind in words, as the back office shows it. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  second_factor_on: 'Second factor turned on',
  second_factor_off: 'Second factor turned off',
  recovery_codes_made: 'Recovery codes made',
  recovery_code_used: 'Recovery code used',
  account_deleted: 'Account deleted',
  sign_in_refused: 'Sign-in refused by a limit',
};

export function isSecurityEventKind(value: string): value is SecurityEventKind {
  return (SECURITY_EVENT_KINDS as readonly string[]).includes(value);
}

/** The words of a stored kind; a kind this version does not know (written by a later one) as it is. */
export function securityEventLabel(kind: string): string {
  return isSecurityEventKind(kind) ? SECURITY_EVENT_LABELS[kind] : kind;
}

/** How long a row is kept: rows older than this many months are removed by the hourly sweep. */
export const SECURITY_LOG_KEPT_MONTHS = 12;
/** The back office's page size. */
export const SECURITY_LOG_PAGE_SIZE = 50;

/** What the columns keep at most (longer values are cut, never refused: a log line must not fail
 * the action it records). A username is at most the sign-in's 150; an address at most IPv6's 45. */
export const SECURITY_LOG_MAX = { username: SIGN_IN_USERNAME_MAX, ip: 64, detail: 200 } as const;

/** The same instant `months` calendar months earlier (UTC), for the retention's boundary. */
export function monthsBefore(at: Date, months: number): Date {
  const earlier = new Date(at.getTime());
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/** The back office's words for the log. */
export const SECURITY_LOG_MSG = {
  empty: 'No security events in the last 12 months.',
  kept: 'Account-security events are kept for 12 months, then removed.',
  listFailed: 'The security log could not be loaded.',
  /** An event done from the server's shell has no address. */
  noAddress: 'Server shell',
} as const;

/** One row as GET /api/v1/admin/security-log/ answers it (the server's answer, the web's list). */
export interface SecurityLogRow {
  /** The row's own number (a key for lists; rows of one instant differ by it). */
  id: number;
  at: string;
  username: string;
  user_id: number | null;
  kind: string;
  kind_label: string;
  /** null: done from the server's shell. */
  ip: string | null;
  detail: string | null;
}
