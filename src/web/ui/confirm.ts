import { modals, type OpenConfirmModal } from '@mantine/modals';
import { activeElement, returnFocus } from './focus.ts';
import { requestOverlays } from './overlays.ts';

/**
 * A confirmation before a destructive action (doc 2 §4): a named close button and a red confirm
 * button unless told otherwise. When it closes, whichever way, focus goes back to the element that
 * opened it, or to the main content when that element is gone or disabled. It opens once the
 * confirmations' provider is mounted (at once, unless the page has only just loaded).
 */
export function openConfirm(settings: OpenConfirmModal): void {
  const opener = activeElement();
  void requestOverlays().then(() => open(settings, opener));
}

function open(settings: OpenConfirmModal, opener: HTMLElement | null): void {
  modals.openConfirmModal({
    closeButtonProps: { 'aria-label': 'Close' },
    ...settings,
    confirmProps: { color: 'red.9', ...settings.confirmProps },
    returnFocus: false,
    onClose: () => {
      settings.onClose?.();
      returnFocus(opener);
    },
  });
}
