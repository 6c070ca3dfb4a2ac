import {
  LINK_MSG,
  LINK_REQUESTS_PAGE_SIZE,
  type LinkAction,
  type LinkStatus,
} from '../../../domain/people/link-requests.ts';
import { serverMessage } from '../../api/server-error.ts';

/** The Link Requests panel's pure pieces (doc 2 §2, §3, §4, §8, §9). */
export type LinkFilter = LinkStatus | 'ALL';

/** The status filter's choices; PENDING is the default (doc 2 §9). */
export const LINK_FILTERS: readonly { value: LinkFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
export const DEFAULT_LINK_FILTER: LinkFilter = 'PENDING';

export function parseLinkFilter(value: string | null | undefined): LinkFilter {
  return LINK_FILTERS.find((f) => f.value === value)?.value ?? DEFAULT_LINK_FILTER;
}

/** `?page=N&status=S[&search=T]`; All sends no status (the server then lists every request). */
export function linkRequestsQueryString(query: { page: number; status: LinkFilter; search: string }): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status !== 'ALL') params.set('status', query.status);
  const search = query.search.trim();
  if (search) params.set('search', search);
  return `?${params.toString()}`;
}

export function linkPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / LINK_REQUESTS_PAGE_SIZE));
}

/** One side of a request: "First Last" and the username. */
export function person(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

/** The action a button takes a request to, and the state that disables it. */
export const ACTION_STATUS: Record<LinkAction, LinkStatus> = { approve: 'APPROVED', reject: 'REJECTED' };

/** A failed decision (doc 2 §8): the server's error text, else the general message. */
export function linkDecisionFailure(error: unknown): string {
  return serverMessage(error, LINK_MSG.updateFailed);
}
