import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useCanAccessSite, useMaintenanceStore } from './store.ts';

/** While a page is open and visible, the maintenance status is re-read this often (and at once
 * when the page becomes visible or the window regains focus): the admin panel promises that users
 * with active sessions are redirected, and the server caches the status for up to 2 s, so a page
 * moves within about 7 s of the switch. */
export const MAINTENANCE_POLL_MS = 5_000;

/** Where the page must go when the status changes, or null to stay: to /maintenance when the site
 * cannot be accessed; from /maintenance back to where the visitor was (else home) when it is open. */
export function maintenanceMove(
  state: { checked: boolean; canAccessSite: boolean; isInMaintenance: boolean },
  at: string,
  cameFrom: string | null,
): string | null {
  if (!state.checked) return null;
  const onGate = at.split('?')[0] === paths.maintenance;
  if (!state.canAccessSite && !onGate) return paths.maintenance;
  if (!state.isInMaintenance && onGate) return cameFrom ?? paths.home;
  return null;
}

/**
 * Keeps an open page in step with the maintenance switch, for everyone (visitors, signed-in users,
 * administrators): polls the public status while the page is visible and moves to /maintenance
 * when it turns on (a super administrator can bypass and stays), and back when it turns off.
 */
export function useMaintenanceWatch(): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const canAccessSite = useCanAccessSite();
  const checked = useMaintenanceStore((s) => s.checked);
  const isInMaintenance = useMaintenanceStore((s) => s.isInMaintenance);
  const cameFrom = useRef<string | null>(null);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void useMaintenanceStore.getState().refresh();
    };
    const timer = setInterval(refresh, MAINTENANCE_POLL_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);

  useEffect(() => {
    const at = `${pathname}${search}`;
    const target = maintenanceMove({ checked, canAccessSite, isInMaintenance }, at, cameFrom.current);
    if (target === null) return;
    if (target === paths.maintenance) {
      cameFrom.current = at;
      void navigate(target);
    } else {
      cameFrom.current = null;
      void navigate(target, { replace: true });
    }
  }, [checked, canAccessSite, isInMaintenance, pathname, search, navigate]);
}

/** The watch as a component, so that the layout can load it after the page is shown. */
export function MaintenanceWatch(): null {
  useMaintenanceWatch();
  return null;
}
