import { notifications } from '@mantine/notifications';
import { NARROW_QUERY } from '../app/paths.ts';
import { requestOverlays } from './overlays.ts';

/** Toasts with the spec's durations and positions (doc 1 §9, doc 2 §8). Default: 3 s, bottom
 * right. The queue retry of the old site is Mantine's own queue here. */
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_WELCOME_MS = 5000;
export const TOAST_ADD_ANOTHER_MS = 15000;
/** Admin-area toasts: top right, 5 s unless noted (doc 2 §8). */
export const TOAST_ADMIN_MS = 5000;

type Position = 'top-left' | 'top-right' | 'top-center' | 'bottom-left' | 'bottom-right' | 'bottom-center';

interface ToastOptions {
  title?: string;
  duration?: number;
  position?: Position;
}

/** On a phone (768 px or less) every toast shows at the top, below the navigation bar
 * (Overlays.module.css): at the bottom it would cover the page's main button (checkout's Pay Now
 * sits there after signing in), and the full-width box leaves no free corner. */
export function toastPosition(asked: Position, narrow: boolean): Position {
  return narrow ? 'top-center' : asked;
}

const isNarrow = () => typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches === true;

function show(color: string, message: string, options: ToastOptions = {}): string {
  // the container may not be mounted yet: the store keeps the toast until it is
  void requestOverlays();
  return notifications.show({
    // the same toast twice at once shows once (a session that ends by the inactivity timer while
    // a call finds its token revoked said 'Your session has expired' twice)
    id: `${color}:${options.title ?? ''}:${message}`,
    message,
    title: options.title,
    color,
    autoClose: options.duration ?? TOAST_DEFAULT_MS,
    position: toastPosition(options.position ?? 'bottom-right', isNarrow()),
    withBorder: true,
    // the close button is an icon: without a name a screen reader hears only "button" (axe)
    closeButtonProps: { 'aria-label': 'Close message' },
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('green', message, options),
  error: (message: string, options?: ToastOptions) => show('red', message, options),
  warning: (message: string, options?: ToastOptions) => show('yellow', message, options),
  info: (message: string, options?: ToastOptions) => show('blue', message, options),
  /** Admin-area toast: top right, 5 s (doc 2 §8). */
  admin: (kind: 'success' | 'error', message: string, duration = TOAST_ADMIN_MS) =>
    show(kind === 'success' ? 'green' : 'red', message, { duration, position: 'top-right' }),
};
