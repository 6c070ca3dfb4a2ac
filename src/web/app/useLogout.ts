import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logOut } from '../accounts/api.ts';
import { paths } from './paths.ts';

/** The navigation bar's Logout: clears the session, then goes home. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logOut();
    await navigate(paths.home);
  }, [navigate]);
}
