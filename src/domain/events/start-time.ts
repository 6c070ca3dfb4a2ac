import type { TextRule } from '../text.ts';
import { EVENT_MSG } from './messages.ts';

/**
 * An event's start time (issue 26): optional, a 24-hour London wall-clock time "HH:MM" (the
 * event page shows it with "UK time"; the calendar entry starts then). The API field is
 * `start_time` in the event form (multipart) and in the product JSON, a string or null.
 */
export const START_TIME_FIELD = 'start_time';

export const START_TIME_TEXT = {
  label: 'Start time',
  max: 5,
  format: EVENT_MSG.startTimeInvalid,
} as const satisfies TextRule;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The message for a start time the form may not store, or null ('' is "no start time"). */
export function startTimeProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return TIME.test(trimmed) ? null : EVENT_MSG.startTimeInvalid;
}

/** What is stored: null for no start time. Call after startTimeProblem found nothing. */
export function startTimeValue(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
