import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client.ts';
import { invalidateAfterWrite, keepAdminListsCurrent } from './freshness.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(status: number) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(status < 400 ? {} : { error: 'No', code: 'FORBIDDEN' }), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the admin lists', () => {
  it('are stale at once and read again when the window regains focus; the public reads keep 30 s', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
    keepAdminListsCurrent(client);
    for (const key of [
      ['admin', 'users'],
      ['admin', 'booked', 3],
      ['admin', 'payments', 'all', '', 1],
    ]) {
      const options = client.defaultQueryOptions({ queryKey: key });
      expect(options.staleTime, String(key)).toBe(0);
      expect(options.refetchOnWindowFocus, String(key)).toBe(true);
    }
    expect(client.defaultQueryOptions({ queryKey: ['products'] }).staleTime).toBe(30_000);
  });

  it('and the events are made stale by a write; other reads are not', async () => {
    const client = new QueryClient();
    for (const key of [['admin', 'users', {}], ['admin', 'booked', 3], ['products'], ['latest-products'], ['results']])
      client.setQueryData(key, []);
    await invalidateAfterWrite(client);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['admin', 'users', {}])).toBe(true);
    expect(stale(['admin', 'booked', 3])).toBe(true);
    expect(stale(['products'])).toBe(true);
    expect(stale(['latest-products'])).toBe(true);
    expect(stale(['results'])).toBe(false);
  });

  it('are made stale after every write the server accepted with an account, and only then', async () => {
    const client = new QueryClient();
    keepAdminListsCurrent(client);
    client.setQueryData(['admin', 'booked', 3], []);
    const stale = () => client.getQueryState(['admin', 'booked', 3])?.isInvalidated;
    const reset = () => client.setQueryData(['admin', 'booked', 3], []);

    answering(200);
    await api.get('/products/');
    expect(stale()).toBe(false);
    await api.post('/login/', {}, { auth: false });
    expect(stale()).toBe(false);
    answering(403);
    await expect(api.post('/cart/checkout/', {})).rejects.toThrow('No');
    expect(stale()).toBe(false);

    answering(200);
    await api.post('/cart/checkout/', {});
    await vi.waitFor(() => expect(stale()).toBe(true));
    reset();
    await api.delete('/bookings/4/', { auth: true });
    await vi.waitFor(() => expect(stale()).toBe(true));
  });
});
