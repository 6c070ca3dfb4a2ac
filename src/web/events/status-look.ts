import type { RegistrationStatus } from '../../domain/events/registration.ts';

/** One colour per registration status, wherever it shows: the public card's status line and the
 * admin table's badge. Each shade keeps white text (and text on white) at WCAG AA contrast.
 * `none` is an event without online entry (not one of the association's races). */
export const STATUS_COLOR: Record<RegistrationStatus, string> = {
  opening: 'blue.8',
  closing: 'teal.9',
  closed: 'gray.7',
  full: 'grape.9',
  cancelled: 'red.9',
  none: 'indigo.9',
};
