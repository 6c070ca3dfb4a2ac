import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { initials as initialsOf } from '../../domain/accounts/session.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { adminLevelOf, isAdmin } from '../../domain/roles.ts';
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
  /**
   * A super administrator the server requires an authenticator of, who has none yet
   * (TOTP_REQUIRED_FOR_SUPER, docs/decisions/0062): the app shows only My Profile → Security until
   * it is on (app/second-factor.ts). null: not asked yet (read from GET /profile/totp/ for super
   * administrators only); never kept in session storage, so every page load asks the server.
   */
  secondFactorMissing: boolean | null;
  setAccess(access: string): void;
  setUser(user: ProfileUser): void;
  setSecondFactorMissing(missing: boolean): void;
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
  secondFactorMissing: null,
};

export const useProfileStore = create<ProfileState>()(
  persist(
    (set) => ({
      ...empty,
      setAccess: (access) => set({ access, isLoggedIn: true }),
      setUser: (user) =>
        set((state) => ({
          user,
          username: user.username,
          firstName: user.first_name,
          lastName: user.last_name,
          initials: initialsOf(user.first_name, user.last_name),
          isAdmin: isAdmin(user),
          family: user.family,
          // another account, or other roles: asked again
          secondFactorMissing:
            state.user?.id === user.id && adminLevelOf(state.user) === adminLevelOf(user)
              ? state.secondFactorMissing
              : null,
        })),
      setSecondFactorMissing: (missing) => set({ secondFactorMissing: missing }),
      clear: () => set(empty),
    }),
    {
      name: 'profile',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ secondFactorMissing: _asked, ...kept }) => kept,
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
