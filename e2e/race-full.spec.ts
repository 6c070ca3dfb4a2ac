import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, expect, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { bookFree } from './payment-fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/**
 * Issue 36, entry night: a family whose child is in the cart when another family takes the last
 * place of a race. Its checkout says the race is full, naming the child, and Book Now says so too.
 */
test('the last place goes while a child waits in the cart: the checkout says the race is full', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Full');
  const race = `Last Place Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 1 });
  const late = await registerRacer(request, 'Bea', surname);
  const quick = await registerRacer(request, 'Quinn', surname);
  const added = await request.post('/api/v1/cart/bulk-add/', {
    headers: { authorization: `Bearer ${await apiToken(request, late)}` },
    data: { items: [{ product: id, participant: late.username }] },
  });
  expect((await added.json()).added_items).toHaveLength(1);
  // another family takes the only place
  await bookFree(request, id, quick);

  const words = `${race} is full: there is no place left for Bea ${surname}.`;
  await page.goto('/');
  await logInWithModal(page, late);
  await page.goto('/checkout');
  const notes = page.getByRole('status').filter({ hasText: 'No place left' });
  await expect(notes).toContainText(words);
  await expect(notes).toContainText('Remove them from your cart, or keep them in case a place comes free.');

  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error:' })).toHaveText(`Error: ${words}`);
  // the line stays, still saying so; removing it empties the cart
  await expect(notes).toContainText(words);
  await page
    .getByRole('button', { name: `Remove Bea ${surname} from ${race}` })
    .first()
    .click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});
