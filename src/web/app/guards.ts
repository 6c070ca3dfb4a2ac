import { type LoaderFunctionArgs, redirect } from 'react-router';
import { adminLevelOf } from '../../domain/roles.ts';
import { restoreSession } from '../accounts/api.ts';
import { useProfileStore } from '../accounts/store.ts';
import { useMaintenanceStore } from '../maintenance/store.ts';
import { paths } from './paths.ts';

/** Who may open a path (doc 1 §2 route table); every path not named here is public. */
export type Access = 'public' | 'login' | 'admin';

export function accessFor(pathname: string): Access {
  if (pathname === paths.profile || pathname.startsWith(`${paths.profile}/`)) return 'login';
  if (pathname === paths.admin || pathname.startsWith(`${paths.admin}/`)) return 'admin';
  return 'public';
}

/** Home with the Log In modal open (HomePage), and after logging in the page asked for (`path`,
 * with its query): where a signed-out visitor following a link from an e-mail is sent. */
export const loginFirst = (path: string) => `${paths.home}?redirect=${encodeURIComponent(path)}`;

/** Where a navigation to `pathname` (with its query, `search`) must go instead, or null to let it
 * through. Order as the spec gives it: maintenance first, then login-required, then
 * admin-required. A signed-out visitor is sent home to log in and come back (loginFirst); a
 * signed-in one who is not an administrator just home. */
export function guardTarget(
  pathname: string,
  state: { canAccessSite: boolean; isInMaintenance: boolean; isLoggedIn: boolean; isAdmin: boolean },
  search = '',
): string | null {
  if (!state.canAccessSite && pathname !== paths.maintenance) return paths.maintenance;
  if (pathname === paths.maintenance && !state.isInMaintenance) return paths.home;
  const access = accessFor(pathname);
  if (access === 'public') return null;
  if (!state.isLoggedIn) return loginFirst(`${pathname}${search}`);
  if (access === 'admin' && !state.isAdmin) return paths.home;
  return null;
}

/** The path the guard last let through (the page open now). */
let lastPathname: string | null = null;

/** The root route's loader: runs before every navigation (the route revalidates each time). On
 * the first one a session kept in the browser is restored; the maintenance status is refreshed
 * first of the checks. Last, a super administrator who must set up an authenticator first
 * (TOTP_REQUIRED_FOR_SUPER) is sent to My Profile → Security (second-factor.ts, loaded for super
 * administrators only). */
export async function navigationGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = new URL(request.url);
  await restoreSession();
  const maintenance = await useMaintenanceStore.getState().refresh();
  const profile = useProfileStore.getState();
  const target = guardTarget(
    pathname,
    {
      canAccessSite: maintenance.canAccessSite,
      isInMaintenance: maintenance.isInMaintenance,
      isLoggedIn: profile.isLoggedIn,
      isAdmin: profile.isAdmin,
    },
    search,
  );
  if (target && target !== pathname) throw redirect(target);
  if (profile.isLoggedIn && profile.user && adminLevelOf(profile.user) === 'SUPER') {
    const enrolment = await import('./second-factor.ts');
    const to = (await enrolment.secondFactorMissing())
      ? enrolment.enrolmentRedirect({ pathname, search }, lastPathname)
      : null;
    if (to) throw redirect(to);
  }
  lastPathname = pathname;
  return null;
}
