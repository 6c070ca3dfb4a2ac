import { create } from 'zustand';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { type AdminLevel, adminLevelOf } from '../../domain/roles.ts';
import { accountsApi } from '../accounts/api.ts';
import { useProfileStore } from '../accounts/store.ts';
import { type PanelKey, panelInfo } from './panels.ts';

/** Admin state (doc 2 §3): the selected panel (default bookings), the admin level and the
 * superuser flag. The level is fetched when an access token exists and NONE otherwise. */
export interface AdminState {
  selectedMenuItem: PanelKey;
  adminLevel: AdminLevel;
  isSuperuser: boolean;
  /** A super administrator the association requires an authenticator of, who has none yet (the
   * app keeps them on My Profile → Security meanwhile: app/second-factor.ts). */
  secondFactorMissing: boolean;
  /** Chooses a panel; a super-admin panel does nothing for anyone else. */
  select(key: PanelKey): void;
  /** Sets the level from the profile user, fetching the profile if it is not known yet. */
  loadAdminLevel(profile: { access: string | null; user: ProfileUser | null }): Promise<AdminLevel>;
  reset(): void;
}

const initial = {
  selectedMenuItem: 'bookings' as PanelKey,
  adminLevel: 'NONE' as AdminLevel,
  isSuperuser: false,
  secondFactorMissing: false,
};

export const useAdminStore = create<AdminState>()((set, get) => ({
  ...initial,
  select(key) {
    if (panelInfo(key).superOnly && get().adminLevel !== 'SUPER') return;
    set({ selectedMenuItem: key });
  },
  async loadAdminLevel(profile) {
    if (!profile.access) {
      set(initial);
      return 'NONE';
    }
    let user: ProfileUser | null = profile.user;
    if (!user) {
      try {
        user = await accountsApi.profile();
        useProfileStore.getState().setUser(user);
      } catch {
        set({ adminLevel: 'NONE', isSuperuser: false, secondFactorMissing: false });
        return 'NONE';
      }
    }
    // the level is the account's: a super administrator without the authenticator the association
    // requires keeps it, and is sent to set one up before the admin area opens (docs/decisions/0062)
    const adminLevel = adminLevelOf(user);
    const secondFactorMissing = useProfileStore.getState().secondFactorMissing === true;
    const selected = get().selectedMenuItem;
    set({
      adminLevel,
      secondFactorMissing,
      isSuperuser: user.is_superuser,
      // a panel left open by a super administrator is not kept for a lesser level
      selectedMenuItem: panelInfo(selected).superOnly && adminLevel !== 'SUPER' ? 'bookings' : selected,
    });
    return adminLevel;
  },
  reset: () => set(initial),
}));
