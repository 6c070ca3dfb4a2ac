import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { initials as initialsOf } from '../../domain/accounts/session.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { isAdmin } from '../../domain/roles.ts';
import { connectTokenSource } from '../api/client.ts';

/** The profile state of doc 1 §3, persisted in session storage under `profile`. The refresh token
 * is an HttpOnly cookie (decisions.md), so only the access token is kept here. */
export interface ProfileState {
  isLoggedIn: boolean;
  username: string;
  firstName: string;
  lastName: string;
  initials: string;
  access: string | null;
  user: ProfileUser | null;
  isAdmin: boolean;
  family: ProfileUser['family'];
  setAccess(access: string): void;
  setUser(user: ProfileUser): void;
  clear(): void;
}

const empty = {
  isLoggedIn: false,
  username: '',
  firstName: '',
  lastName: '',
  initials: '',
  access: null,
  user: null,
  isAdmin: false,
  family: null,
};

export const useProfileStore = create<ProfileState>()(
  persist(
    (set) => ({
      ...empty,
      setAccess: (access) => set({ access, isLoggedIn: true }),
      setUser: (user) =>
        set({
          user,
          username: user.username,
          firstName: user.first_name,
          lastName: user.last_name,
          initials: initialsOf(user.first_name, user.last_name),
          isAdmin: isAdmin(user),
          family: user.family,
        }),
      clear: () => set(empty),
    }),
    {
      name: 'profile',
      storage: createJSONStorage(() => sessionStorage),
      // read from session storage by the browser's entry (main.tsx), after a server-painted page
      // has hydrated as the anonymous view the server painted
      skipHydration: true,
    },
  ),
);

/** Listeners told when a refresh fails and the user is logged out (the shell shows a toast). */
const loggedOutListeners = new Set<() => void>();
export function onForcedLogout(listener: () => void): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

connectTokenSource({
  getAccess: () => useProfileStore.getState().access,
  setAccess: (access) => useProfileStore.getState().setAccess(access),
  onRefreshFailed: () => {
    useProfileStore.getState().clear();
    for (const l of loggedOutListeners) l();
  },
});
