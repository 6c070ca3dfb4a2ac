import type { APIRequestContext } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, expect } from './fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/** A racer who paid £10.00 for a new race `race` with the demo card. */
export async function paidEntry(
  request: APIRequestContext,
  race: string,
  first: string,
  surname: string,
  card = '4242 4242 4242 4242',
) {
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '10.00' });
  const kid = await registerRacer(request, first, surname);
  const headers = { authorization: `Bearer ${await apiToken(request, kid)}` };
  await request.post('/api/v1/cart/bulk-add/', {
    headers,
    data: { items: [{ product: id, participant: kid.username }] },
  });
  const started = await request.post('/api/v1/payment/create-payment-intent/', { headers, data: { amount: '10.00' } });
  expect(started.status(), await started.text()).toBe(200);
  const reference = (await started.json()).payment_reference as string;
  const paid = await request.post(`/api/v1/payment/demo/${reference}/complete/`, {
    headers,
    data: { card_number: card },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { id, kid, reference };
}
