import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useTotpStatus } from '../accounts/totp-api.ts';
import { enrolmentRedirect, secondFactorMissing } from './second-factor.ts';

/**
 * Mounted while a super administrator is signed in (RootLayout; its own chunk). If the server
 * requires an authenticator of them and they have none (TOTP_REQUIRED_FOR_SUPER,
 * docs/decisions/0062), it takes them to My Profile → Security — right after the password, and
 * from any page they open — and watches the status the Security section reloads after each
 * change: once the authenticator is on, the app is theirs again, in the same session. The
 * navigation guard does the same before a page loads (guards.ts); this covers a sign-in on the
 * page already open.
 */
export function SecondFactorWatch() {
  const username = useProfileStore((s) => s.username);
  const missing = useProfileStore((s) => s.secondFactorMissing);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (missing === null) void secondFactorMissing();
  }, [missing]);

  useEffect(() => {
    if (!missing) return;
    const to = enrolmentRedirect({ pathname, search }, pathname);
    if (to) void navigate(to, { replace: true });
  }, [missing, pathname, search, navigate]);

  // the same query as the Security section's: its confirmation reloads it
  const status = useTotpStatus(username, missing === true);
  useEffect(() => {
    if (missing && status.data && !(status.data.required && !status.data.enabled)) {
      useProfileStore.getState().setSecondFactorMissing(false);
    }
  }, [missing, status.data]);

  return null;
}
