import type { Locator, Page } from '@playwright/test';
import { formatEventDate } from '../src/domain/dates.ts';
import { createRaceEvent, day } from './event-fixtures.ts';
import { apiToken, expect, logInWithModal, type NewUser, test, uniqueSurname } from './fixtures.ts';
import { family } from './people-fixtures.ts';

/**
 * What a parent notices (issue 26 "Parents"): /payment says what is being paid for, line by line;
 * /booking/success with nothing behind it says so; checkout and My Entries dates follow the event
 * cards' rule (doc 1 §9: long form with an ordinal day above 768 px, DD/MM/YYYY at 768 px or
 * less); messages name people by their names, not their usernames.
 */

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
// createRaceEvent dates its races 330 days ahead
const RACE_DAY = day(330);
const LONG = formatEventDate(RACE_DAY, false);
const SHORT = formatEventDate(RACE_DAY, true);

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function enter(page: Page, race: string, names: string[]) {
  await card(page, race).getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: `Who is entering ${race}?` });
  for (const name of names) await modal.getByRole('checkbox', { name }).check();
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(modal).toBeHidden();
}

/** What a line shows (innerText: the form CSS hides is not in it), spaces made single. */
const shown = (locator: Locator) => locator.innerText().then((t) => t.replace(/\s+/g, ' ').trim());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a parent sees what they pay for, dates by the cards’ rule, and an honest success page once the booking is gone', async ({
  page,
  request,
}) => {
  // one journey through checkout, payment and My Entries at two widths
  test.setTimeout(180_000);
  const surname = uniqueSurname('Note');
  const race = `Notice Race ${surname}`;
  const other = `Notice Cup ${surname}`;
  await createRaceEvent(request, { name: race, quantity: 5, price: '12.50' });
  await createRaceEvent(request, { name: other, quantity: 5, price: '7.00' });
  const { parent } = await family(request, surname, ['Ann', 'Bob']);

  await page.setViewportSize(WIDE);
  await page.goto('/booking');
  await logInWithModal(page, parent);
  await enter(page, race, [`Ann ${surname}`, `Bob ${surname}`]);
  await enter(page, other, [`Ann ${surname}`]);

  // checkout, wide: the long form with the ordinal day, as the event cards show it
  await page.goto('/checkout');
  const summary = page.getByRole('table', { name: 'Order summary' });
  await expect(summary.getByRole('row')).toHaveCount(4);
  await expect.poll(() => shown(summary.getByRole('row').nth(1))).toContain(LONG);
  await expect(summary.getByText(SHORT).filter({ visible: true })).toHaveCount(0);
  expect(LONG).toMatch(/^[A-Z][a-z]+day \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}$/);
  await shot(page, 'checkout-1280');
  // narrow: DD/MM/YYYY, and no long form
  await page.setViewportSize(PHONE);
  const lines = page.getByRole('listitem').filter({ hasText: surname });
  await expect(lines).toHaveCount(3);
  for (const line of await lines.all()) await expect.poll(() => shown(line)).toContain(SHORT);
  await expect(page.getByText(LONG).filter({ visible: true })).toHaveCount(0);
  expect(SHORT).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await shot(page, 'checkout-375');

  // /payment lists each line: event, participant, price; then the total
  await page.getByRole('link', { name: 'Pay with PayPal (demo)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Page' })).toBeVisible();
  const paying = page.getByRole('list', { name: 'Paying for' });
  await expect(paying.getByRole('listitem')).toHaveCount(3);
  const texts = (await paying.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  expect(texts.sort()).toEqual(
    [
      `${race} Ann ${surname} ${SHORT} £12.50`,
      `${race} Bob ${surname} ${SHORT} £12.50`,
      `${other} Ann ${surname} ${SHORT} £7.00`,
    ].sort(),
  );
  await expect(page.getByTestId('payment-total')).toHaveText('Total: £32.00');
  // the lines fit the phone: nothing runs off the side
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'payment-375');
  await page.setViewportSize(WIDE);
  await expect.poll(() => shown(paying.getByRole('listitem').first())).toContain(LONG);
  await shot(page, 'payment-1280');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/booking\/success$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Booking complete' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Payment succeeded!' })).toContainText(
    `Ann ${surname} — ${race}`,
  );

  // a reload once the booking's state is gone says there is no booking, without "Booking complete"
  await page.evaluate(() => window.history.replaceState(null, ''));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'There is no booking to show' })).toBeVisible();
  await expect(page.getByText('Booking complete')).toHaveCount(0);
  await expect(page.getByText('Payment succeeded!')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to events' })).toHaveAttribute('href', '/booking');
  await shot(page, 'no-booking-1280');

  // My Entries: the entries' dates by the same rule, wide then narrow
  await page.getByRole('link', { name: 'My Entries' }).click();
  const order = page.getByRole('article', { name: /^Order demo_pay_\d+$/ });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  for (const line of await order.getByRole('listitem').all())
    await expect.poll(() => shown(line)).toContain(`(${LONG})`);
  await shot(page, 'entries-1280');
  await page.setViewportSize(PHONE);
  for (const line of await order.getByRole('listitem').all())
    await expect.poll(() => shown(line)).toContain(`(${SHORT})`);
  await expect(order.getByText(LONG).filter({ visible: true })).toHaveCount(0);
  await shot(page, 'entries-375');
});

test('/booking/success opened directly on a phone says there is no booking and leads to the events and My Entries', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/booking/success');
  await expect(page.getByRole('heading', { level: 1, name: 'There is no booking to show' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking complete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Entries' })).toHaveAttribute('href', '/profile?tab=entries');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'no-booking-375');
});

test('a participant added in another tab meanwhile is named by name: “Ann … is already in the cart.”', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Name');
  const race = `Name Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '9.00' });
  const { parent, kids } = await family(request, surname, ['Ann']);
  const [ann] = kids as [NewUser];

  await page.goto('/booking');
  await logInWithModal(page, parent);
  await card(page, race).getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: `Who is entering ${race}?` });
  await modal.getByRole('checkbox', { name: `Ann ${surname}` }).check();
  // another tab puts Ann in the cart while this modal is open
  const added = await request.post('/api/v1/cart/bulk-add/', {
    headers: { authorization: `Bearer ${await apiToken(request, parent)}` },
    data: { items: [{ product: id, participant: ann.username }] },
  });
  expect((await added.json()).added_items).toHaveLength(1);
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Ann ${surname} is already in the cart.`)).toBeVisible();
});
