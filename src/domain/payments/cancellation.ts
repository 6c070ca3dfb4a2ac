import { z } from 'zod';
import { formatDayMonthYear } from '../dates.ts';
import { londonMoment } from '../events/registration.ts';
import { displayPrice, formatPrice, MAX_PRICE_PENCE, PRICE_PATTERN, parsePrice } from '../money.ts';
import { textField } from '../text.ts';

/**
 * Cancelling one entry with its refund (issue 27; docs/decisions/0051). Refunds a parent or an
 * administrator asks for are a setting of the association, off by default (decisions.md,
 * "Payments"); with it on, a parent may cancel one entry of a race that has cancellation terms
 * (a deadline, London time, and a fee kept back per entry) until that deadline.
 */
export const CANCEL_MSG = {
  off: 'Entries cannot be cancelled through this site. Please contact the association.',
  noTerms: 'Entries for this race cannot be cancelled through this site. Please contact the association.',
  deadlinePassed: (when: string) => `Entries for this race could be cancelled until ${when} UK time.`,
  notFound: 'Entry not found.',
  raceCancelled: 'This race has been cancelled: its paid entries are refunded in full.',
  raceCancelledFree: 'This race has been cancelled: there is nothing to cancel.',
  raceDayBegun: 'Entries cannot be cancelled once the race day has begun.',
  alreadyRefunded: 'This entry has already been refunded.',
  deadlineAfterRace: (raceDay: string) =>
    `The cancellation deadline can be at most the race's date (${raceDay}); the day before is usual.`,
  feeAbovePrice: (price: string) => `The cancellation fee can be at most the race's price (${price}).`,
  cancelled: (name: string, event: string, refundPence: number) =>
    refundPence > 0
      ? `${name}'s entry for ${event} is cancelled. ${displayPrice(refundPence)} will be refunded to the card or account that paid.`
      : `${name}'s entry for ${event} is cancelled.`,
  feeInvalid: 'Enter the fee in pounds, e.g. 5 or 5.00.',
  dateInvalid: 'Enter the date as DD/MM/YYYY.',
  timeInvalid: 'Enter the time as HH:MM (24-hour).',
  timeWithoutDate: 'Give the date as well as the time.',
  settingsSaved: (on: boolean) => (on ? 'Refunds through the site are on.' : 'Refunds through the site are off.'),
} as const;

/** A race's cancellation terms as the API gives them. */
export interface CancelTerms {
  cancel_until: string | null;
  cancel_until_time: string | null;
  /** Pounds with two decimals, as prices are. */
  cancel_fee: string;
}

/** The moment the terms' deadline passes (the end of that London minute), or null without one. */
export function cancelDeadline(terms: { cancelUntil: string | null; cancelUntilTime: string | null }): Date | null {
  if (!terms.cancelUntil) return null;
  return new Date(londonMoment(terms.cancelUntil, terms.cancelUntilTime ?? '23:59').getTime() + 60_000);
}

/** "01/03/2027 at 18:00": the deadline as a person reads it. */
export function deadlineText(cancelUntil: string, cancelUntilTime: string | null): string {
  return `${formatDayMonthYear(cancelUntil)} at ${cancelUntilTime ?? '23:59'}`;
}

/** What goes back for one entry: what was paid for it, less the race's fee, never below 0. */
export function cancellationRefund(paidPence: number, feePence: number): number {
  return Math.max(0, paidPence - Math.max(0, feePence));
}

/** Why a parent cannot cancel now, or null when they can. Never once the race's day has begun
 * (London), whatever the deadline says (issue 35). */
export function cancelRefusal(
  enabled: boolean,
  terms: { cancelUntil: string | null; cancelUntilTime: string | null; date: string },
  now: Date,
): string | null {
  if (!enabled) return CANCEL_MSG.off;
  if (now.getTime() >= londonMoment(terms.date, '00:00').getTime()) return CANCEL_MSG.raceDayBegun;
  const deadline = cancelDeadline(terms);
  if (!deadline || !terms.cancelUntil) return CANCEL_MSG.noTerms;
  if (now.getTime() >= deadline.getTime()) {
    return CANCEL_MSG.deadlinePassed(deadlineText(terms.cancelUntil, terms.cancelUntilTime));
  }
  return null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day from the year 1000 on (the database has no year 0; issue 35's review sent one). */
const isDate = (v: string) =>
  DATE.test(v) &&
  v >= '1000-01-01' &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** PUT /api/v1/products/{id}/cancellation/: a race's terms. Empty date: no cancelling through the site. */
export const cancelTermsSchema = z
  .strictObject({
    cancel_until: textField({ label: 'Cancel until', max: 10, format: CANCEL_MSG.dateInvalid }).default(''),
    cancel_until_time: textField({ label: 'Cancel until time', max: 5, format: CANCEL_MSG.timeInvalid }).default(''),
    cancel_fee: textField({ label: 'Cancellation fee', max: 12, format: CANCEL_MSG.feeInvalid }).default('0'),
  })
  .superRefine((v, ctx) => {
    if (v.cancel_until && !isDate(v.cancel_until))
      ctx.addIssue({ code: 'custom', path: ['cancel_until'], message: CANCEL_MSG.dateInvalid });
    if (v.cancel_until_time && !TIME.test(v.cancel_until_time)) {
      ctx.addIssue({ code: 'custom', path: ['cancel_until_time'], message: CANCEL_MSG.timeInvalid });
    }
    if (v.cancel_until_time && !v.cancel_until)
      ctx.addIssue({ code: 'custom', path: ['cancel_until'], message: CANCEL_MSG.timeWithoutDate });
    const fee = v.cancel_fee || '0';
    if (!PRICE_PATTERN.test(fee) || (parsePrice(fee) ?? Number.POSITIVE_INFINITY) > MAX_PRICE_PENCE) {
      ctx.addIssue({ code: 'custom', path: ['cancel_fee'], message: CANCEL_MSG.feeInvalid });
    }
  });
export type CancelTermsInput = z.infer<typeof cancelTermsSchema>;

/** The terms against the race itself (issue 35): the deadline at most the race's date, the fee at
 * most its price. Each refusal names its field and rule, as the form shows it. */
export function termsAgainstRace(
  input: CancelTermsInput,
  race: { date: string; pricePence: number },
): { field: 'cancel_until' | 'cancel_fee'; message: string }[] {
  const refusals: { field: 'cancel_until' | 'cancel_fee'; message: string }[] = [];
  if (input.cancel_until && input.cancel_until > race.date) {
    refusals.push({ field: 'cancel_until', message: CANCEL_MSG.deadlineAfterRace(formatDayMonthYear(race.date)) });
  }
  const fee = parsePrice(input.cancel_fee || '0') ?? 0;
  if (fee > race.pricePence) {
    refusals.push({ field: 'cancel_fee', message: CANCEL_MSG.feeAbovePrice(`£${formatPrice(race.pricePence)}`) });
  }
  return refusals;
}

/** The deadline a race's form suggests: the day before the race. */
export function suggestedDeadline(raceDate: string): string {
  const day = new Date(`${raceDate}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** PUT /api/v1/admin/refund-settings/: refunds through the site on or off. */
export const refundSettingsSchema = z.strictObject({ enabled: z.boolean() });
