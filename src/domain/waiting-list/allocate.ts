import { OPEN_SALE_BEFORE_CLOSE_HOURS } from './messages.ts';
import type { WaitingMode } from './shapes.ts';

/** A live entry as the allocation sees it, in its position on the list. */
export interface QueuedEntry {
  id: number;
  mode: WaitingMode;
  /** Its members still waiting for a place. */
  waiting: number;
  /** An offer of its is open: it is passed over until the offer is answered or ends. */
  offered: boolean;
}

export interface PlacesOffer {
  entryId: number;
  places: number;
}

/**
 * Who is offered the places kept for a race's list (issue 27): each in turn, the first entry that
 * fits: all-or-nothing entries only when every waiting member has a place, "any" entries as many
 * places as there are (up to their waiting members). A larger entry that does not fit keeps its
 * position and is offered first when enough places are free. What no entry fits stays kept.
 */
export function allocatePlaces(free: number, queue: readonly QueuedEntry[]): { offers: PlacesOffer[]; kept: number } {
  const offers: PlacesOffer[] = [];
  let left = Math.max(0, free);
  for (const entry of queue) {
    if (left === 0) break;
    if (entry.offered || entry.waiting === 0) continue;
    const places = entry.mode === 'all' ? (entry.waiting <= left ? entry.waiting : 0) : Math.min(left, entry.waiting);
    if (places === 0) continue;
    offers.push({ entryId: entry.id, places });
    left -= places;
  }
  return { offers, kept: left };
}

const HOUR = 3_600_000;

/** When an offer made now ends: after the association's offer hours, or when entries close if
 * that is sooner. */
export function offerEnd(now: Date, close: Date | null, offerHours: number): Date {
  const end = now.getTime() + offerHours * HOUR;
  return new Date(close ? Math.min(end, close.getTime()) : end);
}

/** Whether freed places go to the list now: until six hours before entries close (after that
 * they return to open sale, too late for an offer to be answered). */
export function listTakesFreedPlaces(now: Date, close: Date | null): boolean {
  return close === null || now.getTime() < close.getTime() - OPEN_SALE_BEFORE_CLOSE_HOURS * HOUR;
}
