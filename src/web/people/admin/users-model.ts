import {
  DEFAULT_USER_SORT,
  USER_SORT_LABELS,
  USER_SORTS,
  USERS_MSG,
  USERS_PAGE_SIZE,
  type UserSort,
} from '../../../domain/people/users.ts';
import type { AdminLevel } from '../../../domain/roles.ts';
import { ApiError } from '../../api/client.ts';
import { serverErrorText } from '../../api/server-error.ts';

/** The Users panel's pure pieces (doc 2 §2, §8, §9). */
export interface UsersQuery {
  page: number;
  sort: UserSort;
  search: string;
}

export const SORT_OPTIONS = USER_SORTS.map((value) => ({ value, label: USER_SORT_LABELS[value] }));

export function parseSort(value: string | null | undefined): UserSort {
  return (USER_SORTS as readonly string[]).includes(value ?? '') ? (value as UserSort) : DEFAULT_USER_SORT;
}

/** `?page=N&sort=S[&search=T]` for GET /profiles/ (and without the page for the CSV). */
export function usersQueryString(query: { page?: number; sort: UserSort; search: string }): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  params.set('sort', query.sort);
  const search = query.search.trim();
  if (search) params.set('search', search);
  return `?${params.toString()}`;
}

export function usersPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / USERS_PAGE_SIZE));
}

/** "Failed to create user - {first server message for username, else Unknown error}" (doc 2 §8):
 * the detail is the username's first message when the server gave one. */
export function createFailureDetail(error: unknown): string | null {
  if (error instanceof ApiError) return error.fields.username?.[0] ?? null;
  return null;
}

/** "Failed to update user: {detail or Unknown error}": the server's message when there is one. */
export function updateFailureDetail(error: unknown): string | null {
  return serverErrorText(error);
}

/**
 * Why the server would refuse to archive (archived true) or restore (false) this row for the
 * signed-in administrator, in its words, or null when it would not (src/server/people/user-edit.ts
 * setArchived): never one's own account; an administrator's or super administrator's row only by
 * a super administrator; a super administrator's account never archived. The panel offers no
 * button where this is not null. Until the signed-in account is known, Archive is not offered.
 */
export function archiveRefusal(
  me: { id: number | null; isSuper: boolean },
  target: { user: { id: number; admin_level: AdminLevel } },
  archived: boolean,
): string | null {
  if (archived && (me.id === null || target.user.id === me.id)) return USERS_MSG.archiveSelf;
  if (target.user.id === me.id) return null;
  if (target.user.admin_level !== 'NONE' && !me.isSuper) return USERS_MSG.higherAccount;
  if (archived && target.user.admin_level === 'SUPER') return USERS_MSG.superArchive;
  return null;
}
