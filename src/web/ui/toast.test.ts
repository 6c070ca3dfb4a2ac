import { notifications, notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./overlays.ts', () => ({ requestOverlays: async () => {} }));
const { toast, toastPosition } = await import('./toast.ts');

describe('toasts', () => {
  it('show the same message once while it is showing, and different ones each', () => {
    notifications.clean();
    toast.warning('Your session has expired. Please log in again.');
    toast.warning('Your session has expired. Please log in again.');
    toast.success('Saved');
    const shown = notificationsStore.getState().notifications.map((n) => n.message);
    expect(shown).toEqual(['Your session has expired. Please log in again.', 'Saved']);
  });

  it('show at the top on a phone, where they were asked for elsewhere', () => {
    expect(toastPosition('bottom-right', true)).toBe('top-center');
    expect(toastPosition('top-right', true)).toBe('top-center');
    expect(toastPosition('bottom-right', false)).toBe('bottom-right');
    expect(toastPosition('top-right', false)).toBe('top-right');
  });
});
