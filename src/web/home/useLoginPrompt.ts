import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { restoreSession } from '../accounts/api.ts';
import { redirectTarget } from '../accounts/form-helpers.ts';
import { useProfileStore } from '../accounts/store.ts';
import { paths } from '../app/paths.ts';
import { useModalStore } from '../ui/modal-store.ts';

// the store keeps itself in session storage; on the server painting the page there is none, and
// zustand leaves the store without its `persist` side
const persist = useProfileStore.persist as typeof useProfileStore.persist | undefined;
const subscribeHydration = (done: () => void) => persist?.onFinishHydration(done) ?? (() => {});
const hasHydrated = () => persist?.hasHydrated() ?? false;

/**
 * Home with `?redirect=<page>` (the navigation guard sends a signed-out visitor there from a page
 * behind a login, such as an e-mail's link to My Entries): the Log In modal opens by itself, and
 * after logging in the modal goes on to that page. Decided once the session kept in the browser
 * has been read (after a painted page has hydrated): a visitor who turns out to be signed in goes
 * straight to the page. Closing the modal leaves them on home.
 */
export function useLoginPrompt(): void {
  const [params] = useSearchParams();
  const target = redirectTarget(params.get('redirect'), paths.home);
  const navigate = useNavigate();
  const hydrated = useSyncExternalStore(subscribeHydration, hasHydrated, () => false);

  useEffect(() => {
    if (!hydrated || !target) return;
    let current = true;
    void restoreSession().then(() => {
      if (!current) return;
      if (useProfileStore.getState().isLoggedIn) void navigate(target, { replace: true });
      else useModalStore.getState().open('login');
    });
    return () => {
      current = false;
    };
  }, [hydrated, target, navigate]);
}
