import { formatDayMonthYear } from '../../../domain/dates.ts';
import type { CancelPreview } from '../../../domain/payments/race-cancel.ts';

/** The words of cancelling an event and of a race's cancellation terms (issue 35), apart from the
 * React components so they are unit-tested. The confirmation's figures themselves are
 * cancelRaceConfirmation's (domain/payments/race-cancel.ts). */
export const CANCEL_EVENT_MSG = {
  /** doc 2 §8 */
  failed: 'Failed to cancel event. Please try again.',
  counting: 'Counting the paid entries and entrants…',
  previewFailed: 'The refunds this would make could not be counted. Please try again.',
  alreadyCancelled: 'This event has already been cancelled: nothing more will be refunded or sent.',
} as const;

const entries = (n: number) => `${n} paid ${n === 1 ? 'entry' : 'entries'}`;

/** The toast once an event is cancelled: "Event cancelled" and, from the confirmation's figures,
 * what it set going. */
export function cancelledToast(preview: Pick<CancelPreview, 'paid_entries' | 'refund_total' | 'entrants'> | null) {
  if (!preview) return 'Event cancelled';
  const money =
    preview.paid_entries > 0 ? ` £${preview.refund_total} is being refunded for ${entries(preview.paid_entries)}` : '';
  const told = preview.entrants > 0 ? 'every entrant is being told by e-mail' : '';
  const what = [money.trim(), told].filter(Boolean).join(' and ');
  return what ? `Event cancelled: ${what}.` : 'Event cancelled';
}

/** Under the terms' deadline: the race's date, the rule, and the usual choice. */
export function deadlineHint(raceDate: string): string {
  return `The race is on ${formatDayMonthYear(raceDate)}: the deadline can be at most that day, and the day before is usual.`;
}

/** The button that takes the suggested deadline (the administrator still chooses). */
export const dayBeforeLabel = (dayBefore: string) => `Use the day before the race (${formatDayMonthYear(dayBefore)})`;
