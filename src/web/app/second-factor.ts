import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { adminLevelOf } from '../../domain/roles.ts';
import { useProfileStore } from '../accounts/store.ts';
import { totpApi } from '../accounts/totp-api.ts';
import { paths } from './paths.ts';

/**
 * A super administrator the server requires an authenticator of (TOTP_REQUIRED_FOR_SUPER,
 * docs/decisions/0062) who has none yet may only set one up: the server refuses everything else
 * of the session, and the app keeps them on My Profile → Security (the enrolment, with its line
 * saying why) until it is on. The app learns it from the authenticator's status
 * (GET /profile/totp/: required and not enabled), asked once per page load for super
 * administrators only; no other account makes the call. Loaded only for super administrators
 * (the navigation guard imports it when one is signed in; RootLayout's SecondFactorWatch).
 */

export const ENROLMENT_PATH = `${paths.profile}?tab=security`;

/** Whether the signed-in user is one the requirement may concern. */
export function mayNeedSecondFactor(user: ProfileUser | null): boolean {
  return user !== null && adminLevelOf(user) === 'SUPER';
}

let asking: Promise<boolean> | null = null;

/** True when the signed-in super administrator must set up an authenticator first; asks the
 * server when not known yet. A failed call decides nothing (asked again at the next navigation):
 * the server refuses what it must anyway. */
export function secondFactorMissing(): Promise<boolean> {
  const { user, access, secondFactorMissing: known } = useProfileStore.getState();
  if (!access || !mayNeedSecondFactor(user)) return Promise.resolve(false);
  if (known !== null) return Promise.resolve(known);
  asking ??= totpApi
    .status()
    .then(
      (status) => {
        const missing = status.required && !status.enabled;
        // still the account that asked (not logged out meanwhile)
        if (useProfileStore.getState().user?.id === user?.id) {
          useProfileStore.getState().setSecondFactorMissing(missing);
        }
        return missing;
      },
      () => false,
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * Where such a super administrator opening `to` is sent, or null to let them stay: My Profile
 * with its Security section open. The profile page's sections do not follow the address once it
 * is open, so /profile without a section is left alone when the profile page was already open
 * (the My Profile link there); anything else goes to the Security section.
 */
export function enrolmentRedirect(to: { pathname: string; search: string }, from: string | null): string | null {
  if (to.pathname !== paths.profile) return ENROLMENT_PATH;
  const tab = new URLSearchParams(to.search).get('tab');
  if (tab === 'security') return null;
  return tab === null && from === paths.profile ? null : ENROLMENT_PATH;
}
