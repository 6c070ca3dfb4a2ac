/** Doc 1 §9: the inactivity session. */
export const SESSION_TIMEOUT_MS = 25 * 60 * 1000;
export const SESSION_WARNING_MS = 24 * 60 * 1000;
export const SESSION_COUNTDOWN_SECONDS = 60;

/** Initials: the upper-cased first letters of first and last name. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
