import { create } from 'zustand';

/**
 * The containers of toasts (Mantine's Notifications) and of confirmations (ModalsProvider) are
 * not needed to paint a page or to answer its first clicks, so they are not in the first script:
 * the browser's entry asks for them once the page is interactive and idle (main.tsx), and a toast
 * or a confirmation asks for them at once if it comes first. A toast shown before they are
 * mounted waits in Mantine's notifications store and appears when they are.
 */
interface OverlayState {
  /** Asked for: OverlayHost loads and mounts them. */
  wanted: boolean;
  /** Mounted: confirmations can open. */
  mounted: boolean;
}

export const useOverlayStore = create<OverlayState>()(() => ({ wanted: false, mounted: false }));

/** Asks for the containers; resolves once they are mounted. */
export function requestOverlays(): Promise<void> {
  const state = useOverlayStore.getState();
  if (state.mounted) return Promise.resolve();
  if (!state.wanted) useOverlayStore.setState({ wanted: true });
  return new Promise((resolve) => {
    const stop = useOverlayStore.subscribe((s) => {
      if (!s.mounted) return;
      stop();
      resolve();
    });
  });
}

/** Asks for the containers when the browser is next idle (after the page became interactive). */
export function requestOverlaysWhenIdle(): void {
  const ask = () => void requestOverlays();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(ask, { timeout: 2000 });
  else setTimeout(ask, 200);
}
