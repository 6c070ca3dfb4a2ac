import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { expect, logInWithModal, type NewUser, registerUser, test, uniqueSurname } from './fixtures.ts';
import { linkFamily, registerRacer } from './people-fixtures.ts';

/**
 * A hold's life on entry night (decisions.md → Booking and payment, "Holds"): a declined card
 * keeps the place held, and the checkout says until when; clearing the cart gives the place back
 * at once, so another family can take it without waiting for the hold to lapse.
 */

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function family(request: APIRequestContext, surname: string, child: string) {
  const parent = await registerUser(request, { first_name: 'Pat', last_name: surname });
  const kid = await registerRacer(request, child, surname);
  await linkFamily(request, parent, kid);
  return parent;
}

async function enterAndCheckOut(page: Page, race: string, name: string) {
  await card(page, race).getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: `Who is entering ${race}?` });
  await modal.getByRole('checkbox', { name }).check();
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(modal).toBeHidden();
  await page
    .getByRole('link', { name: /^Cart: 1 items?, total £20\.00/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('Total: £20.00');
}

async function signedInPage(browser: Browser, who: NewUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/booking');
  await logInWithModal(page, who);
  return page;
}

const places = async (request: APIRequestContext, name: string) =>
  (
    (await (await request.get('/api/v1/products/')).json()) as {
      name: string;
      booked_quantity: number;
      held_quantity: number;
    }[]
  ).find((p) => p.name === name);

test('a declined card keeps the last place held for a while; clearing the cart frees it at once for another family', async ({
  browser,
  request,
}) => {
  const surname = uniqueSurname('Hld');
  const race = `One Place Race ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 1, price: '20.00' });
  const first = await family(request, `${surname}a`, 'Ann');
  const second = await family(request, `${surname}b`, 'Bob');

  // the first parent's card is declined: the place stays held, and the checkout says until when
  const one = await signedInPage(browser, first);
  await enterAndCheckOut(one, race, `Ann ${surname}a`);
  await one.getByLabel(/^Card number/).fill('4000 0000 0000 0002');
  await one.getByRole('button', { name: 'Pay Now' }).click();
  await expect(one.getByText('Your card was declined.')).toBeVisible();
  await expect(one.getByTestId('hold-note')).toHaveText(/^Your places are held until \d\d:\d\d \(1[45]:\d\d left\)\.$/);
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 0, held_quantity: 1 });
  await one.screenshot({ path: 'test-results/hold-declined.png', fullPage: true });

  // meanwhile the other family sees the race full
  const two = await signedInPage(browser, second);
  await expect(card(two, race).getByRole('button', { name: 'Event Full' })).toBeVisible();

  // the first parent gives up: the cart is cleared and the place comes back at once
  await one.getByRole('button', { name: 'Clear cart' }).click();
  await one.getByRole('dialog', { name: 'Clear cart' }).getByRole('button', { name: 'Clear cart' }).click();
  await expect(one.getByRole('link', { name: /^Cart: 0 items/ }).first()).toBeVisible();
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 0, held_quantity: 0 });

  // the other family takes the place and pays, well within the first hold's 15 minutes
  await two.reload();
  await expect(card(two, race).getByRole('button', { name: 'Enter' })).toBeVisible();
  await enterAndCheckOut(two, race, `Bob ${surname}b`);
  await two.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await two.getByRole('button', { name: 'Pay Now' }).click();
  await expect(two).toHaveURL(/\/booking\/success$/);
  const done = two.getByRole('status').filter({ hasText: 'Payment succeeded!' });
  await expect(done.getByRole('listitem')).toHaveText([`Bob ${surname}b — ${race}`]);
  await expect(two.getByTestId('payment-reference')).toHaveText(/^Paid £20\.00 · Payment reference: demo_pay_\d+$/);
  await expect.poll(() => places(request, race)).toMatchObject({ booked_quantity: 1, held_quantity: 0 });
  await two.screenshot({ path: 'test-results/hold-second-family-paid.png', fullPage: true });
});
