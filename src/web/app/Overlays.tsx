import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useOverlayStore } from '../ui/overlays.ts';
import { TOAST_DEFAULT_MS } from '../ui/toast.ts';

/** The toasts' container and the confirmations' provider (loaded after the page is interactive:
 * ui/overlays.ts). ModalsProvider opens what `modals.openConfirmModal` asks for through window
 * events, so it need not wrap the app. */
export function Overlays() {
  useEffect(() => {
    useOverlayStore.setState({ mounted: true });
    return () => useOverlayStore.setState({ mounted: false });
  }, []);
  return (
    <>
      <Notifications position="bottom-right" autoClose={TOAST_DEFAULT_MS} limit={5} />
      <ModalsProvider />
    </>
  );
}
