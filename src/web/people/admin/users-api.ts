import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationPayload } from '../../../domain/accounts/validation.ts';
import type { AdminProfile } from '../../../domain/people/profile.ts';
import type { ProfileUpdateBody } from '../../../domain/people/users.ts';
import { api } from '../../api/client.ts';
import { RACER_KEYS } from './racers-api.ts';
import { type UsersQuery, usersQueryString } from './users-model.ts';

/** A profile as the Users panel lists it, with the account's admin level. */
export type UserProfile = AdminProfile;

/** What the edit form sends: every editable field but `archived`; the club as its select holds it
 * (the server refuses a code it does not know, by name). */
export type ProfileEdit = Required<Omit<ProfileUpdateBody, 'archived' | 'local_club'>> & { local_club: string };

export interface AccountEdit {
  first_name: string;
  last_name: string;
  email: string;
  admin_level?: 'NONE' | 'ADMIN';
}

/** The Users calls (doc 2 §7), each with the bearer token. */
export const usersApi = {
  list: (query: UsersQuery, signal?: AbortSignal) =>
    api.get<{ count: number; results: UserProfile[] }>(`/profiles/${usersQueryString(query)}`, { auth: true, signal }),
  archive: (profileId: number, archived: boolean) =>
    api.put<UserProfile & { message: string }>(`/profiles/update/${profileId}/`, { archived }, { auth: true }),
  editProfile: (profileId: number, edit: ProfileEdit) =>
    api.put<UserProfile & { message: string }>(`/profiles/update/${profileId}/`, edit, { auth: true }),
  editAccount: (userId: number, edit: AccountEdit) =>
    api.put<AccountEdit & { message: string }>(`/users/update/${userId}/`, edit, { auth: true }),
  /** Create User: the registration call with the administrator's token (no sign-in follows). */
  create: (payload: RegistrationPayload) => api.post<unknown>('/register/', payload, { auth: true }),
};

export const USER_KEYS = {
  all: ['admin', 'users'] as const,
  list: (query: UsersQuery) => [...USER_KEYS.all, query] as const,
};

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: USER_KEYS.list(query),
    queryFn: ({ signal }) => usersApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every people list is read again after a change (a racer edited here shows so in Confirm
 * Racers too). */
export function useRefreshPeople() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: USER_KEYS.all }),
      client.invalidateQueries({ queryKey: RACER_KEYS.all }),
    ]);
}

export function useArchive() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ profileId, archived }: { profileId: number; archived: boolean }) =>
      usersApi.archive(profileId, archived),
    onSettled: refresh,
  });
}
