import { create } from 'zustand';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { type AdminLevel, adminLevelOf } from '../../domain/roles.ts';
import { accountsApi } from '../accounts/api.ts';
import { useProfileStore } from '../accounts/store.ts';
import { totpApi } from '../accounts/totp-api.ts';
import { type PanelKey, panelInfo } from './panels.ts';

/** Admin state (doc 2 §3): the selected panel (default bookings), the admin level and the
 * superuser flag. The level is fetched when an access token exists and NONE otherwise. */
export interface AdminState {
  selectedMenuItem: PanelKey;
  adminLevel: AdminLevel;
  isSuperuser: boolean;
  /** A super administrator the association requires an authenticator of, who has none yet. */
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
    let adminLevel = adminLevelOf(user);
    // TOTP_REQUIRED_FOR_SUPER and no authenticator yet: the server treats this super administrator
    // as an ordinary administrator until they add one (docs/decisions/0047)
    let secondFactorMissing = false;
    if (adminLevel === 'SUPER') {
      try {
        const totp = await totpApi.status();
        secondFactorMissing = totp.required && !totp.enabled;
      } catch {
        // the panels' own calls say so if anything is refused
      }
      if (secondFactorMissing) adminLevel = 'ADMIN';
    }
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
