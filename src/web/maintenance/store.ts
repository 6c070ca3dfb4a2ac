import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { api, onMaintenanceAnswer } from '../api/client.ts';

interface StatusResponse {
  is_enabled: boolean;
  can_bypass: boolean;
  is_super_admin: boolean;
}

/** Maintenance state (doc 1 §3): the site is accessible when not in maintenance or when the user
 * can bypass; a failed status check counts as not in maintenance. */
export interface MaintenanceState {
  isInMaintenance: boolean;
  canBypass: boolean;
  isSuperAdmin: boolean;
  loading: boolean;
  canAccessSite: boolean;
  /** True once this browser has read the status itself; until then the page shows what the
   * server painted (a page painted during maintenance shows the maintenance view). */
  checked: boolean;
  refresh(): Promise<MaintenanceState>;
  /** Sets the state after the admin panel toggled it. */
  setEnabled(enabled: boolean): void;
}

export const useMaintenanceStore = create<MaintenanceState>()((set, get) => ({
  isInMaintenance: false,
  canBypass: false,
  isSuperAdmin: false,
  loading: false,
  canAccessSite: true,
  checked: false,
  async refresh() {
    set({ loading: true });
    try {
      const s = await api.get<StatusResponse>('/maintenance/status/');
      set({
        isInMaintenance: s.is_enabled,
        canBypass: s.can_bypass,
        isSuperAdmin: s.is_super_admin,
        canAccessSite: !s.is_enabled || s.can_bypass,
        loading: false,
        checked: true,
      });
    } catch {
      set({ isInMaintenance: false, canAccessSite: true, loading: false, checked: true });
    }
    return get();
  },
  setEnabled(enabled) {
    set((s) => ({ isInMaintenance: enabled, canAccessSite: !enabled || s.canBypass }));
  },
}));

// A call refused by the gate means maintenance has started: read the status (the site then shows
// the maintenance view to all but super administrators).
onMaintenanceAnswer(() => void useMaintenanceStore.getState().refresh());

/** Whether the server painted this page during maintenance: the server's renderer and the
 * browser's hydration both provide it, so their first renders agree. */
export const PaintedInMaintenance = createContext(false);

/** Whether the site is shown: the status this browser read, or until it has read one, what the
 * server painted. */
export function useCanAccessSite(): boolean {
  const painted = useContext(PaintedInMaintenance);
  const checked = useMaintenanceStore((s) => s.checked);
  const canAccessSite = useMaintenanceStore((s) => s.canAccessSite);
  return checked ? canAccessSite : !painted;
}
