import { asc } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { slopeInfo } from '../db/schema.ts';

/** A slope's postal address as the Club Details panel keeps it. */
export interface SlopeAddress {
  addressLine1: string;
  addressLine2: string;
  locality: string;
  postcode: string;
}

interface ClubSlope extends SlopeAddress {
  slopeName: string;
}

/** Lower case, single spaces, no spaces at the ends: how two spellings of a slope's name compare. */
const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const hasAddress = (slope: SlopeAddress) =>
  [slope.addressLine1, slope.addressLine2, slope.locality, slope.postcode].some((part) => part.trim() !== '');

/**
 * The address of the slope an event takes place at: the club slope whose name is the event's slope
 * name, or begins it before a comma ("The Snow Centre, Hemel Hempstead": the slope with its town,
 * as event cards name it). Spaces and capitals do not count; a slope without an address is passed
 * over; when several match, the longest name wins, then the club entered first. Null when none
 * matches (an event away from the clubs' slopes).
 */
export function slopeAddressFor(slopeName: string, slopes: readonly ClubSlope[]): SlopeAddress | null {
  const event = plain(slopeName);
  let best: ClubSlope | null = null;
  for (const slope of slopes) {
    const name = plain(slope.slopeName);
    const matches = name !== '' && (event === name || event.startsWith(`${name},`));
    if (matches && hasAddress(slope) && name.length > plain(best?.slopeName ?? '').length) best = slope;
  }
  return best;
}

/** The club slopes' names and addresses, to find an event's place by (a painted page's read). */
export async function clubSlopes(ctx: AppContext): Promise<ClubSlope[]> {
  return ctx.db
    .select({
      slopeName: slopeInfo.slopeName,
      addressLine1: slopeInfo.addressLine1,
      addressLine2: slopeInfo.addressLine2,
      locality: slopeInfo.locality,
      postcode: slopeInfo.postcode,
    })
    .from(slopeInfo)
    .orderBy(asc(slopeInfo.id));
}
