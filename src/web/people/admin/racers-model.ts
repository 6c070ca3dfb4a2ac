import { clubCode, clubLabel } from '../../../domain/clubs.ts';
import { formatDayMonthYear } from '../../../domain/dates.ts';
import { RACER_MSG, RACERS_PAGE_SIZE, type RacerDecision, type RacerStatus } from '../../../domain/people/racers.ts';
import { ApiError } from '../../api/client.ts';

/**
 * The Confirm Racers panel's pure pieces (doc 2 §2, §3, §4, §8, §9): the status filter, the
 * list's query string, how each column reads, and which message a failed decision shows.
 */

/** The status filter: one status, or ALL. */
export type RacerFilter = RacerStatus | 'ALL';

/** The filter's choices, in the order the panel offers them; PENDING is the default (doc 2 §9). */
export const RACER_FILTERS: readonly { value: RacerFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
export const DEFAULT_RACER_FILTER: RacerFilter = 'PENDING';

export function parseRacerFilter(value: string | null | undefined): RacerFilter {
  return RACER_FILTERS.find((f) => f.value === value)?.value ?? DEFAULT_RACER_FILTER;
}

export { STATUS_COLOR as RACER_STATUS_COLOR, STATUS_LABEL as RACER_STATUS_LABEL } from '../status.ts';

/** The search is sent trimmed; an empty one is left out. */
export function normaliseSearch(search: string): string {
  return search.trim();
}

/** `?page=N&racer_status=S[&search=T]` for GET /profiles/racers/. */
export function racersQueryString(query: { page: number; status: RacerFilter; search: string }): string {
  const params = new URLSearchParams({ page: String(query.page), racer_status: query.status });
  const search = normaliseSearch(query.search);
  if (search) params.set('search', search);
  return `?${params.toString()}`;
}

/** How many pages `count` racers fill at 50 a page (at least one). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / RACERS_PAGE_SIZE));
}

/** What each missing value shows. */
export const MISSING = 'N/A';

export function racerNumberLabel(racerId: number | null): string {
  return racerId === null ? MISSING : String(racerId);
}

export function racerName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export function dateOfBirthLabel(iso: string | null): string {
  return iso ? formatDayMonthYear(iso) : MISSING;
}

const GENDER: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };
const DISCIPLINE: Record<string, string> = { SKI: 'Ski', SNOWBOARD: 'Snowboard' };

export function genderLabel(gender: string | null): string {
  return gender ? (GENDER[gender] ?? gender) : MISSING;
}

export function disciplineLabel(skiOrBoard: string | null): string {
  return skiOrBoard ? (DISCIPLINE[skiOrBoard] ?? skiOrBoard) : MISSING;
}

/** The club column: the one short code table (src/domain/clubs.ts: "-" for OTHER; unknown
 * values pass through), N/A when there is none; `title` is the club's full name, for OTHER the
 * club the racer typed. */
export function racerClub(localClub: string, otherClub: string): { code: string; title: string } {
  if (!localClub) return { code: MISSING, title: 'No club given' };
  if (localClub === 'OTHER') return { code: clubCode(localClub), title: otherClub ? `Other: ${otherClub}` : 'Other' };
  return { code: clubCode(localClub), title: clubLabel(localClub) };
}

/** The verb of a decision, as the failure message says it. */
export function decisionAction(decision: RacerDecision): 'approve' | 'reject' {
  return decision === 'APPROVED' ? 'approve' : 'reject';
}

/** A failed decision (doc 2 §8): "Failed to {action} racer" when the server answered, "An error
 * occurred while updating racer status" when the call got no answer at all. */
export function decisionFailure(error: unknown, decision: RacerDecision): string {
  return error instanceof ApiError ? RACER_MSG.actionFailed(decisionAction(decision)) : RACER_MSG.updateFailed;
}
