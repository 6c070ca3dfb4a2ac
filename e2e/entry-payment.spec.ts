import type { APIRequestContext, Page } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import {
  apiToken,
  DEMO,
  expect,
  logInOnPhone,
  logInWithModal,
  mailbox,
  type NewUser,
  registerUser,
  test,
  uniqueSurname,
} from './fixtures.ts';
import { linkFamily, registerRacer } from './people-fixtures.ts';

/**
 * Paying for entries (doc 1 §2, §4, §8; decisions.md → Booking and payment). The providers'
 * scripts cannot load here, so the browser pays through the demo provider; the server's path
 * behind it (hold, confirmation, settlement, receipt) is the one Stripe and PayPal use.
 */

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function family(request: APIRequestContext, surname: string, children: string[]) {
  const parent = await registerUser(request, { first_name: 'Pam', last_name: surname });
  const kids: NewUser[] = [];
  for (const first of children) {
    const kid = await registerRacer(request, first, surname);
    await linkFamily(request, parent, kid);
    kids.push(kid);
  }
  return { parent, kids };
}

async function enter(page: Page, race: string, names: string[]) {
  await card(page, race).getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: `Who is entering ${race}?` });
  for (const name of names) await modal.getByRole('checkbox', { name }).check();
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(modal).toBeHidden();
}

const places = async (request: APIRequestContext, name: string) =>
  (
    (await (await request.get('/api/v1/products/')).json()) as {
      name: string;
      booked_quantity: number;
      held_quantity: number;
    }[]
  ).find((p) => p.name === name);

test('a parent on a phone enters two children for a paid race, is declined once, then pays with the demo card', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Pay');
  const race = `Paid Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 5, price: '12.50' });
  const { parent } = await family(request, surname, ['Ann', 'Bob']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/booking');
  await logInOnPhone(page, parent);
  await enter(page, race, [`Ann ${surname}`, `Bob ${surname}`]);
  await page
    .getByRole('link', { name: /^Cart: 2 items, total £25\.00/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('Total: £25.00');
  await expect(page.getByTestId('hold-note')).toHaveText('Starting a payment holds these places for 15 minutes.');
  await expect(page.getByRole('note')).toContainText('Demo payment — no money moves');

  // a declined card: a clear message, nothing booked, the cart as it was, the places held
  await page.getByLabel(/^Card number/).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByTestId('hold-note')).toHaveText(
    /^Your places are held until \d\d:\d\d \(1[45]:\d\d left\)\.$/,
  );
  await expect(page.getByTestId('cart-total')).toHaveText('Total: £25.00');
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 0, held_quantity: 2 });
  await page.screenshot({ path: 'test-results/checkout-declined-phone.png', fullPage: true });

  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/booking\/success$/);
  const done = page.getByRole('status').filter({ hasText: 'Payment succeeded!' });
  await expect(done.getByRole('listitem')).toHaveText([`Ann ${surname} — ${race}`, `Bob ${surname} — ${race}`]);
  await expect(page.getByTestId('payment-reference')).toHaveText(/^Paid £25\.00 · Payment reference: demo_pay_\d+$/);
  await expect(page.getByRole('link', { name: /^Cart: 0 items/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/booking-success-phone.png', fullPage: true });

  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 2, held_quantity: 0 });
  const cart = await request.get('/api/v1/cart/', {
    headers: { authorization: `Bearer ${await apiToken(request, parent)}` },
  });
  expect(await cart.json()).toEqual([]);
  const receipt = async () =>
    (await mailbox.messages(request))
      .filter((m) => m.to.includes(`${parent.username}@example.com`))
      .map((m) => mailbox.text(m))
      .find((text) => text.includes(`Subject: ERSA: your entries for ${race} are confirmed`)) ?? '';
  await expect.poll(receipt).toContain(`Subject: ERSA: your entries for ${race} are confirmed`);
  const text = await receipt();
  expect(text).toContain(`Ann ${surname}: £12.50`);
  expect(text).toContain(`Bob ${surname}: £12.50`);
  expect(text).toContain('Total paid: £25.00');
  expect(text).toMatch(/Payment: demo payment \(no money taken\), reference demo_pay_\d+/);

  // My Entries holds the order and its receipt
  await page.getByRole('link', { name: 'My Entries' }).click();
  const order = page.getByRole('article', { name: /^Order demo_pay_\d+$/ });
  await expect(order).toContainText('Paid £25.00');
  await expect(order.getByRole('listitem')).toHaveCount(2);
  await expect(order.getByRole('listitem').first()).toContainText(`Ann ${surname} — ${race}`);
  await expect(order.getByRole('listitem').first()).toContainText('Booked');

  // an administrator finds the payment for reconciling
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `Account menu for ${parent.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Orders & Payments' }).click();
  await page.getByRole('textbox', { name: 'Search payments' }).fill(parent.username);
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('£25.00');
  await expect(rows.nth(1)).toContainText('Paid');
  await expect(rows.nth(1)).toContainText('2 booked');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('payments.csv');
});

test('the payment page: the demo wallet pays the cart total and lands on the success page', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Wal');
  const race = `Wallet Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 5, price: '18.00' });
  const { parent } = await family(request, surname, ['Cal']);
  await page.goto('/booking');
  await logInWithModal(page, parent);
  await enter(page, race, [`Cal ${surname}`]);
  await page.goto('/checkout');
  await page.getByRole('link', { name: 'Pay with PayPal (demo)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Page' })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText('Total: £18.00');
  await expect(page.getByRole('note')).toContainText('Demo wallet — no money moves');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/booking\/success$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment succeeded!' })).toContainText(
    `Cal ${surname} — ${race}`,
  );
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 1, held_quantity: 0 });
});

test('a last place held by a payment under way shows the disabled Event Full button to everyone else', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Ful');
  const race = `Last Place Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 1, price: '10.00' });
  const kid = await registerRacer(request, 'Dee', surname);
  const headers = { authorization: `Bearer ${await apiToken(request, kid)}` };
  const { id } = (await (await request.get('/api/v1/products/')).json()).find((p: { name: string }) => p.name === race);
  const added = await request.post('/api/v1/cart/bulk-add/', {
    headers,
    data: { items: [{ product: id, participant: kid.username }] },
  });
  expect((await added.json()).added_items).toHaveLength(1);
  const started = await request.post('/api/v1/payment/create-payment-intent/', { headers, data: { amount: '10.00' } });
  expect(started.status(), await started.text()).toBe(200);

  await page.goto('/booking');
  const full = card(page, race).getByRole('button', { name: 'Event Full' });
  await expect(full).toHaveAttribute('aria-disabled', 'true');
  await full.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Event is full. Please check back as spaces may become available if participants drop out.',
  );
});

test('with Stripe set up, Stripe.js loads only once the checkout shows a paid cart, and a failed load says so', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Str');
  const race = `Card Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 5, price: '9.00' });
  const { parent } = await family(request, surname, ['Eve']);
  // this site "has" Stripe keys; Stripe's own script cannot be reached from here
  await page.route('**/api/v1/payment/providers/', (route) =>
    route.fulfill({
      json: {
        card: 'stripe',
        wallet: 'paypal',
        publishableKey: 'pk_test_e2e',
        paypalClientId: 'e2e',
        hold_minutes: 15,
      },
    }),
  );
  const stripeLoads: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    stripeLoads.push(route.request().url());
    return route.abort();
  });
  await page.goto('/booking');
  await logInWithModal(page, parent);
  await enter(page, race, [`Eve ${surname}`]);
  expect(stripeLoads).toEqual([]);
  await page.goto('/checkout');
  await expect(page.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
  expect(stripeLoads.length).toBeGreaterThan(0);
  // nothing was held: the payment never started
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 0, held_quantity: 0 });
});

test('a wallet payment refused because the last place went says so on the error page, and keeps the cart', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Gon');
  const race = `Gone Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 1, price: '11.00' });
  const { parent } = await family(request, surname, ['Fay']);
  await page.goto('/booking');
  await logInWithModal(page, parent);
  await enter(page, race, [`Fay ${surname}`]);
  // someone else starts paying for the last place first
  const quick = await registerRacer(request, 'Quin', surname);
  const headers = { authorization: `Bearer ${await apiToken(request, quick)}` };
  const { id } = (await (await request.get('/api/v1/products/')).json()).find((p: { name: string }) => p.name === race);
  await request.post('/api/v1/cart/bulk-add/', {
    headers,
    data: { items: [{ product: id, participant: quick.username }] },
  });
  expect(
    (await request.post('/api/v1/payment/create-payment-intent/', { headers, data: { amount: '11.00' } })).status(),
  ).toBe(200);

  await page.goto('/payment');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/booking\/error$/);
  await expect(page.getByRole('alert')).toHaveText(`${race} is full: there is no place left for Fay ${surname}.`);
  await expect(page.getByRole('link', { name: /^Cart: 1 item/ }).first()).toBeVisible();
});
