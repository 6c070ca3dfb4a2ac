import type { APIRequestContext } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, expect, type NewUser } from './fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/** `racer` enters the race `id` and pays for the place with the demo card; returns the payment's
 * reference. */
export async function payFor(
  request: APIRequestContext,
  id: number,
  racer: NewUser,
  amount: string,
  card = '4242 4242 4242 4242',
): Promise<string> {
  return payForFamily(request, id, racer, [racer], amount, card);
}

/** `payer` (a parent) enters each of `racers` (their linked children) for the race `id` and pays
 * for them all in one payment with the demo card; returns the payment's reference. */
export async function payForFamily(
  request: APIRequestContext,
  id: number,
  payer: NewUser,
  racers: NewUser[],
  amount: string,
  card = '4242 4242 4242 4242',
): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request, payer)}` };
  const added = await request.post('/api/v1/cart/bulk-add/', {
    headers,
    data: { items: racers.map((r) => ({ product: id, participant: r.username })) },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const started = await request.post('/api/v1/payment/create-payment-intent/', { headers, data: { amount } });
  expect(started.status(), await started.text()).toBe(200);
  const reference = (await started.json()).payment_reference as string;
  const paid = await request.post(`/api/v1/payment/demo/${reference}/complete/`, {
    headers,
    data: { card_number: card },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return reference;
}

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
  const reference = await payFor(request, id, kid, '10.00', card);
  return { id, kid, reference };
}

/** `racer` books a place on the free race `id` through the API; returns the booking's id. */
export async function bookFree(request: APIRequestContext, id: number, racer: NewUser): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request, racer)}` };
  await request.post('/api/v1/cart/bulk-add/', {
    headers,
    data: { items: [{ product: id, participant: racer.username }] },
  });
  const booked = await request.post('/api/v1/bookings/', {
    headers,
    data: { bookings: [{ product: id, participant: racer.username }] },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return ((await booked.json()) as { booked: { id: number }[] }).booked[0]?.id ?? 0;
}
