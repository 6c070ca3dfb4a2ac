import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, logInWithModal, type NewUser, registerUser, test } from './fixtures.ts';
import { linkFamily, registerRacer } from './people-fixtures.ts';

/**
 * Adding to the cart (doc 1 §2, §4, §8): a parent whose family holds an approved racer opens an
 * event card's Enter, sees each member's status, must choose someone, enters the child, and the
 * cart icon shows the line and its total; entering again says the child is in the cart.
 */

const bearer = async (request: APIRequestContext, who: { username: string; password: string }) => ({
  authorization: `Bearer ${await apiToken(request, { username: who.username, password: who.password })}`,
});

async function familyWithRacer(request: APIRequestContext): Promise<{ parent: NewUser; child: NewUser }> {
  const parent = await registerUser(request, { first_name: 'Pat', last_name: 'Parent' });
  const child = await registerRacer(request, 'Kit', 'Child');
  await linkFamily(request, parent, child);
  return { parent, child };
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a parent enters their approved child; the cart icon shows the line and the total', async ({ page, request }) => {
  const { parent, child } = await familyWithRacer(request);
  await page.goto('/booking');
  await logInWithModal(page, parent);
  const cartIcon = page.getByRole('link', { name: /^Cart: / }).first();
  await expect(cartIcon).toHaveAccessibleName('Cart: 0 items, total £0.00');

  await card(page, 'Hemel Open Slalom').getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: 'Who is entering Hemel Open Slalom?' });
  await expect(modal.getByRole('checkbox', { name: 'Pat Parent' })).toBeDisabled();
  await expect(modal).toContainText('Non Race Account');
  await expect(modal.getByRole('checkbox', { name: 'Kit Child' })).toBeEnabled();
  await expect(modal).toContainText('Available');
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(modal.getByText('Please select at least one available user to book for.')).toBeVisible();

  await modal.getByRole('checkbox', { name: 'Kit Child' }).check();
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Successfully added 1 item(s) to cart.')).toBeVisible();
  await expect(modal).toBeHidden();
  const [event] = ((await (await request.get('/api/v1/products/')).json()) as { name: string; price: string }[]).filter(
    (p) => p.name === 'Hemel Open Slalom',
  );
  await expect(cartIcon).toHaveAccessibleName(`Cart: 1 item, total £${event?.price}`);

  // opening it again shows the child in the cart, not selectable
  await card(page, 'Hemel Open Slalom').getByRole('button', { name: 'Enter' }).click();
  await expect(modal.getByRole('checkbox', { name: 'Kit Child' })).toBeDisabled();
  await expect(modal).toContainText('In Cart');
  await expect(modal).toContainText('Everyone in your family who can be entered is already in your cart or booked.');
  await page.screenshot({ path: 'test-results/participants-modal.png' });
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // the server has the line, for the child by username
  const cart = await request.get('/api/v1/cart/', { headers: await bearer(request, parent) });
  expect((await cart.json()).map((i: { participant: string }) => i.participant)).toEqual([child.username]);
});

test('on a phone, a long name wraps beside its status in the entry dialog', async ({ page, request }) => {
  // the longest names the rules allow: 50 letters each
  const first = `W${'o'.repeat(49)}`;
  const last = 'Featherstonehaugh-Cholmondeley-Marjoribanks-Smyth';
  const parent = await registerUser(request, { first_name: first, last_name: last });
  await page.goto('/booking');
  await logInWithModal(page, parent);
  await page.setViewportSize({ width: 390, height: 844 });
  await card(page, 'Hemel Open Slalom').getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: 'Who is entering Hemel Open Slalom?' });
  const status = modal.getByText('Non Race Account', { exact: true });
  await expect(status).toBeVisible();
  const [box, frame] = await Promise.all([status.boundingBox(), modal.boundingBox()]);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
  const name = await modal.getByText(`${first} ${last}`).boundingBox();
  expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(box?.x ?? 0);
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // and on the profile the whole first name shows, wrapped, inside the page
  await page.goto('/profile');
  const shown = page.getByTestId('profile-first-name');
  await expect(shown).toHaveText(first);
  expect(await shown.evaluate((dd) => dd.scrollWidth <= dd.clientWidth)).toBe(true);
});

test('checkout: a free entry is booked with Book Now; a paid line offers payment and can be removed', async ({
  page,
  request,
}) => {
  const { parent } = await familyWithRacer(request);
  await page.goto('/booking');
  await logInWithModal(page, parent);
  for (const event of ['Norfolk Fun Race', 'Hemel Open Slalom']) {
    await card(page, event)
      .getByRole('button', { name: event === 'Norfolk Fun Race' ? 'Book' : 'Enter' })
      .click();
    const modal = page.getByRole('dialog', { name: `Who is entering ${event}?` });
    await modal.getByRole('checkbox', { name: 'Kit Child' }).check();
    await modal.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(modal).toBeHidden();
  }
  await page
    .getByRole('link', { name: /^Cart: 2 items/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Order summary' });
  await expect(summary.getByRole('row')).toHaveCount(3);
  await expect(summary).toContainText('Norfolk Fun Race');
  await expect(summary).toContainText('FREE');
  // a paid line: no Book Now; the payment area offers the card form and the wallet instead
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await summary.getByRole('button', { name: 'Remove Kit Child from Hemel Open Slalom' }).click();
  await expect(summary.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('Total: £0.00');

  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('Free items booked successfully')).toBeVisible();
  const done = page.getByRole('status').filter({ hasText: 'Booking complete' });
  await expect(done).toContainText('Kit Child — Norfolk Fun Race');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart: 0 items/ }).first()).toBeVisible();

  // the child now shows as Booked on that event
  await page.goto('/booking');
  await card(page, 'Norfolk Fun Race').getByRole('button', { name: 'Book' }).click();
  const again = page.getByRole('dialog', { name: 'Who is entering Norfolk Fun Race?' });
  await expect(again).toContainText('Booked');
  await expect(again.getByRole('checkbox', { name: 'Kit Child' })).toBeDisabled();
});
