import { notifications, notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./overlays.ts', () => ({ requestOverlays: async () => {} }));
const { toast } = await import('./toast.ts');

describe('toasts', () => {
  it('show the same message once while it is showing, and different ones each', () => {
    notifications.clean();
    toast.warning('Your session has expired. Please log in again.');
    toast.warning('Your session has expired. Please log in again.');
    toast.success('Saved');
    const shown = notificationsStore.getState().notifications.map((n) => n.message);
    expect(shown).toEqual(['Your session has expired. Please log in again.', 'Saved']);
  });
});
