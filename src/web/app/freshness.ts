import { focusManager, type QueryClient } from '@tanstack/react-query';
import { onWrite } from '../api/client.ts';
import { PRODUCT_KEYS } from '../events/api.ts';

/**
 * How current the back office's lists are (issue 24). The public reads stay fresh for 30 s (the
 * painted page's data is not fetched again), but an administrator's list must show a change made
 * elsewhere as soon as the window regains focus, and one made in this browser at once:
 * - every query under ['admin'] (users, racers, link requests, booked participants, payments) is
 *   stale at once and read again when the window regains focus or the list is shown again;
 * - a list an admin panel reads from a public query (the events' booked counts) asks for the same
 *   with LIVE_LIST;
 * - every write this browser makes with an account (a booking, a payment, an admin change) marks
 *   the admin lists and the event reads stale; the ones on screen are read again.
 */
export const ADMIN_KEY = ['admin'] as const;
export const LIVE_LIST = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function keepAdminListsCurrent(client: QueryClient): void {
  client.setQueryDefaults(ADMIN_KEY, LIVE_LIST);
  onWrite(() => void invalidateAfterWrite(client));
  // the window regaining focus counts, not only the tab becoming visible: two windows side by side
  // are both visible
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    // no argument: the focus state is read again (the tab's visibility) and the stale queries on
    // screen are refetched, however often the window regains focus
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener);
    window.addEventListener('focus', listener);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  });
}

/** What a write in this browser makes stale: the admin lists and the events (their counts). */
export function invalidateAfterWrite(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ADMIN_KEY }),
    client.invalidateQueries({ queryKey: PRODUCT_KEYS.all }),
    client.invalidateQueries({ queryKey: PRODUCT_KEYS.latest }),
  ]).then(() => undefined);
}
