import type { APIRequestContext, Page, Route } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, DEMO, expect, logInWithModal, type NewUser, test, uniqueSurname } from './fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/**
 * The words of a bad moment (issue 35; doc 1 §8): when the server fails a call, the person reads
 * the spec's words for what they were doing — never the server's status text ('Internal Server
 * Error', 'Bad Gateway') in front of them, nor in their place. The failures are made with
 * page.route: the browser's call answers as our server answers an unexpected error (500, its
 * JSON) or as a proxy in front of it does (502, a page of HTML).
 */

const SERVER_500 = {
  status: 500,
  contentType: 'application/json',
  body: '{"error":"Internal Server Error","code":"INTERNAL"}',
};
const PROXY_502 = { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };

const STATUS_TEXTS = /Internal Server Error|Bad Gateway|Request failed/;

/** A racer who enters themselves, with a race of their own (priced when `price` is given). */
async function racerWithRace(request: APIRequestContext, price?: string) {
  const surname = uniqueSurname('Words');
  const race = `Words Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, ...(price ? { price } : {}) });
  const racer = await registerRacer(request, 'Wyn', surname);
  return { race, id, racer, name: `Wyn ${surname}` };
}

const bearer = async (request: APIRequestContext, who: NewUser) => ({
  authorization: `Bearer ${await apiToken(request, who)}`,
});

async function putInCart(request: APIRequestContext, racer: NewUser, id: number) {
  const res = await request.post('/api/v1/cart/bulk-add/', {
    headers: await bearer(request, racer),
    data: { items: [{ product: id, participant: racer.username }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Only the call with this method is failed; every other call to the address goes through. */
const failing =
  (method: string, answer: Parameters<Route['fulfill']>[0]) =>
  (route: Route): Promise<void> =>
    route.request().method() === method ? route.fulfill(answer) : route.continue();

async function expectNoStatusText(page: Page) {
  await expect(page.getByText(STATUS_TEXTS)).toHaveCount(0);
}

test('adding to the cart fails on the server: the spec’s words, and the modal stays open to try again', async ({
  page,
  request,
}) => {
  const { race, racer, name } = await racerWithRace(request);
  await page.goto('/booking');
  await logInWithModal(page, racer);
  for (const answer of [SERVER_500, PROXY_502]) {
    await page.route('**/api/v1/cart/bulk-add/', failing('POST', answer));
    await page.getByRole('button', { name: `Book ${race}` }).click();
    const modal = page.getByRole('dialog', { name: `Who is entering ${race}?` });
    await modal.getByRole('checkbox', { name }).check();
    await modal.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An unexpected error occurred while adding items to cart' }),
    ).toHaveText('An unexpected error occurred while adding items to cart');
    await expectNoStatusText(page);
    await page.unroute('**/api/v1/cart/bulk-add/');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  }
});

test('a free booking fails on the server: "Error: Failed to book free items", not the status text', async ({
  page,
  request,
}) => {
  const { id, racer } = await racerWithRace(request);
  await putInCart(request, racer, id);
  await page.goto('/checkout');
  await logInWithModal(page, racer);
  await page.route('**/api/v1/bookings/', failing('POST', SERVER_500));
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Error: / })).toHaveText('Error: Failed to book free items');
  await expectNoStatusText(page);
});

test('paying fails on the server: starting it, then charging the card, each in the spec’s words', async ({
  page,
  request,
}) => {
  const { id, racer } = await racerWithRace(request, '10.00');
  await putInCart(request, racer, id);
  await page.goto('/checkout');
  await logInWithModal(page, racer);
  const form = page.getByRole('form', { name: 'Demo card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');

  await page.route('**/api/v1/payment/create-payment-intent/', failing('POST', SERVER_500));
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await expect(form.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
  await expectNoStatusText(page);
  await page.unroute('**/api/v1/payment/create-payment-intent/');

  await page.route('**/api/v1/payment/demo/*/complete/', failing('POST', PROXY_502));
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await expect(form.getByText('An unexpected error occurred.', { exact: true })).toBeVisible();
  await expectNoStatusText(page);
});

test('paid, then the booking call fails on the server: the spec’s alert with the reference, nothing before it', async ({
  page,
  request,
}) => {
  const { id, racer } = await racerWithRace(request, '10.00');
  await putInCart(request, racer, id);
  await page.goto('/checkout');
  await logInWithModal(page, racer);
  await page.route('**/api/v1/bookings/', failing('POST', SERVER_500));
  const form = page.getByRole('form', { name: 'Demo card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error completing your booking' })).toHaveText(
    /^There was an error completing your booking\. Please contact support with this reference: demo_pay_\d+\.$/,
  );
  await expectNoStatusText(page);
});

test('the cart is cleared while the card is being charged: the payer reads that the entry was removed and refunded', async ({
  page,
  request,
}) => {
  const { race, id, racer, name } = await racerWithRace(request, '10.00');
  await putInCart(request, racer, id);
  await page.goto('/checkout');
  await logInWithModal(page, racer);
  // another tab clears the cart just as this one's card is charged
  await page.route('**/api/v1/payment/demo/*/complete/', async (route) => {
    const cleared = await request.post('/api/v1/cart/clear/', { headers: await bearer(request, racer) });
    expect(cleared.status()).toBe(200);
    await route.continue();
  });
  const form = page.getByRole('form', { name: 'Demo card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay Now' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'There was an error completing your booking' })).toHaveText(
    /^There was an error completing your booking\. Please contact support with this reference: demo_pay_\d+\.$/,
  );
  const notBooked = page.getByRole('list', { name: 'Not booked' });
  await expect(notBooked.getByRole('listitem')).toHaveText([
    `${name} was removed from your cart before your payment completed, so is not booked on ${race}; that amount is refunded.`,
  ]);
  await expect(page.getByText('filled before your payment completed')).toHaveCount(0);
  await expectNoStatusText(page);
});

const RACE_EVENTS = /\/api\/v1\/race-events\/\?year=\d+$/;

test('opening a points year fails on the server: the spec’s words for why, never the status text', async ({ page }) => {
  const year = new Date().getFullYear();
  await page.goto('/');
  await logInWithModal(page, DEMO.superAdmin);
  await page.route(RACE_EVENTS, failing('GET', SERVER_500));
  // the database is behind the code: the server's readiness says its migrations are not applied
  await page.route('**/api/v1/health/ready', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'not ready', reason: 'the database is not migrated to this version' }),
    }),
  );
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Points' }).click();
  const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  await expect(failure).toContainText('Database schema error');
  await expectNoStatusText(page);

  // a server that is ready: the fault is not the schema's
  await page.unroute('**/api/v1/health/ready');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toContainText('Failed to load or create race event');
  await expect(page.getByText('Database schema error')).toHaveCount(0);

  // no answer at all
  await page.unroute(RACE_EVENTS);
  await page.route(RACE_EVENTS, (route) => route.abort('connectionrefused'));
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toContainText('Unable to connect to the points calculation service');
  await expectNoStatusText(page);
  await page.unroute(RACE_EVENTS);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(year));
  await expect(failure).toHaveCount(0);
});
