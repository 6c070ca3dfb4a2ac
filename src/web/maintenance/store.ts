import { create } from 'zustand';
import { api } from '../api/client.ts';

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
      });
    } catch {
      set({ isInMaintenance: false, canAccessSite: true, loading: false });
    }
    return get();
  },
  setEnabled(enabled) {
    set((s) => ({ isInMaintenance: enabled, canAccessSite: !enabled || s.canBypass }));
  },
}));
