import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { focusMain } from '../ui/focus.ts';
import { logOut } from './api.ts';

/**
 * Logout, wherever it starts (the navigation bar, the session timeout, a changed password): ends
 * the session, goes to `to` (home), then puts focus on the main content, since the Logout button
 * that had it is gone. The session ends first because it may already be over on the server (a
 * changed password ends them all): the navigation's own calls then go without a dead token. Pages
 * that need the session render nothing once it has ended (ProfilePage), so they ask for nothing.
 */
export function useLogout(): (to?: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (to: string = paths.home) => {
      await logOut();
      await navigate(to);
      focusMain();
    },
    [navigate],
  );
}
