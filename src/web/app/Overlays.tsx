// what toasts and the confirmation dialog show (the rest of their content is in the first paint's)
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useOverlayStore } from '../ui/overlays.ts';
import { TOAST_DEFAULT_MS } from '../ui/toast.ts';
import classes from './Overlays.module.css';

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
      <Notifications
        position="bottom-right"
        autoClose={TOAST_DEFAULT_MS}
        limit={5}
        classNames={{ root: classes.toasts }}
      />
      <ModalsProvider />
    </>
  );
}
