import type { APIRequestContext } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, expect, type NewUser } from './fixtures.ts';
import { payFor } from './payment-fixtures.ts';
import { adminHeaders, registerRacer } from './people-fixtures.ts';

/**
 * A paid race (£10.00, one place) with an offer open to a new racer, Kit: Holly paid for the
 * place, Kit joined the waiting list, and an administrator freed Holly's place, which is offered to
 * Kit. Returns the race, Kit (and Kit's API headers) and the waiting-list entry.
 */
export async function paidOffer(
  request: APIRequestContext,
  race: string,
  surname: string,
): Promise<{ id: number; kid: NewUser; kidHeaders: { authorization: string }; entryId: number }> {
  const { id } = await createRaceEvent(request, { name: race, quantity: 1, price: '10.00' });
  await payFor(request, id, await registerRacer(request, 'Holly', surname), '10.00');
  const kid = await registerRacer(request, 'Kit', surname);
  const kidHeaders = { authorization: `Bearer ${await apiToken(request, kid)}` };
  const me = (await (await request.get('/api/v1/profile/', { headers: kidHeaders })).json()) as { id: number };
  const joined = await request.post(`/api/v1/products/${id}/waiting-list/`, {
    headers: kidHeaders,
    data: { participants: [me.id], mode: 'all' },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const entryId = ((await joined.json()) as { entry: { id: number } }).entry.id;
  // Holly's place is freed by an administrator
  const admin = await adminHeaders(request);
  const [booking] = (await (
    await request.get(`/api/v1/products/booked-participants/${id}/`, { headers: admin })
  ).json()) as { id: number }[];
  const removed = await request.delete(`/api/v1/bookings/${booking?.id}/`, { headers: admin });
  expect(removed.status(), await removed.text()).toBe(200);
  return { id, kid, kidHeaders, entryId };
}
