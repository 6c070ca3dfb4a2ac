import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useAssociation } from '../ui/useAssociation.ts';
import type { PageHandle } from './routes.tsx';

/** The page's title as the server wrote it ('Booking · ERSA'), kept by the browser as it
 * navigates; the maintenance view is titled as such whatever the address. */
export function usePageTitle(inMaintenance: boolean): void {
  const matches = useMatches();
  const { code } = useAssociation();
  const handle = matches.at(-1)?.handle as PageHandle | undefined;
  const title = inMaintenance ? 'Site Under Maintenance' : handle?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${code}` : code;
  }, [title, code]);
}
