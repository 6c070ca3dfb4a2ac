import { clubCode } from '../../../domain/clubs.ts';
import { csvFileName } from '../../../domain/csv.ts';
import { formatDayMonthYear } from '../../../domain/dates.ts';
import { type EventFilter, filterEvents } from '../../../domain/events/filters.ts';
import type { Product } from '../../../domain/events/product.ts';
import { displayPrice } from '../../../domain/money.ts';
import type { EligibleUser } from './booked-api.ts';

/** The Booked Participants panel's pure pieces (doc 2 §2, §3, §4). */

export const MISSING = 'N/A';

/** Race events only, through the filter, by date ascending (doc 2 §2). */
export function bookedEvents(products: readonly Product[], filter: EventFilter, now: Date): Product[] {
  return filterEvents(
    products.filter((p) => p.event_type === 'race'),
    filter,
    now,
  ).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** FREE for 0 or "0.00", otherwise in pounds. */
export const priceLabel = (price: string): string => displayPrice(price);

/** Places left: quantity minus booked and held by payments under way, never below 0. */
export function remaining(p: Pick<Product, 'quantity' | 'booked_quantity'> & { held_quantity?: number }): number {
  return Math.max(0, p.quantity - p.booked_quantity - (p.held_quantity ?? 0));
}

/** A value, or N/A when missing. */
export function orMissing(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? MISSING : String(value);
}

/** The club's short code (SMK for MK in every view, "-" for OTHER), N/A without one. */
export function clubShort(localClub: string): string {
  return localClub ? clubCode(localClub) : MISSING;
}

export function dateLabel(iso: string | null): string {
  return iso ? formatDayMonthYear(iso) : MISSING;
}

const GENDER: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };
export function genderText(gender: string | null): string {
  return gender ? (GENDER[gender] ?? gender) : MISSING;
}

/** The eligible users whose name contains the search, any case; all of them for an empty one. */
export function matchEligible(users: readonly EligibleUser[], search: string): EligibleUser[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    const name = `${u.first_name} ${u.last_name}`.toLowerCase();
    return words.every((w) => name.includes(w));
  });
}

/** The CSV's file name: the event's name (doc 2 §2), as the server names it. */
export function participantsFileName(eventName: string): string {
  return csvFileName(eventName, 'participants');
}

/** The remove confirmation (doc 2 §2), word for word. */
export function removeQuestion(first: string, last: string, event: string): string {
  return `Are you sure you want to remove ${first} ${last} from ${event}?`;
}
export const REMOVE_WARNING = 'This action cannot be reversed and refunds cannot be issued through this site.';
/** With refunds through the site on (issue 27; decisions.md keeps the text's words while off). */
export const REMOVE_WARNING_REFUNDS_ON = 'This action cannot be reversed.';
