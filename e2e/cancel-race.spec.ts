import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDayMonthYear } from '../src/domain/dates.ts';
import { suggestedDeadline } from '../src/domain/payments/cancellation.ts';
import { createRaceEvent, typed } from './event-fixtures.ts';
import {
  apiToken,
  DEMO,
  expect,
  logInOnPhone,
  logInWithModal,
  mailbox,
  type NewUser,
  test,
  uniqueSurname,
} from './fixtures.ts';
import { part } from './mail-fixtures.ts';
import type { ReceivedMail } from './mailbox-server.ts';
import { bookFree, payFor, payForFamily } from './payment-fixtures.ts';
import { adminHeaders, family, registerRacer } from './people-fixtures.ts';

/**
 * Money back on a bad day (issue 35): an administrator cancels a paid race from Bookings, after a
 * confirmation that says how many paid entries are refunded, their total, and that every entrant is
 * told; each family gets the e-mail; My Entries shows each line as "Race cancelled" with its
 * refund. A cancelled race's page, card and calendar entry say only that it is cancelled; the
 * race's cancellation terms suggest the day before and show the server's refusals by their fields.
 */

interface Product {
  id: number;
  slug: string;
  date: string;
}

async function productOf(request: APIRequestContext, id: number): Promise<Product> {
  const all = (await (await request.get('/api/v1/products/')).json()) as Product[];
  const found = all.find((p) => p.id === id);
  if (!found) throw new Error(`no event ${id}`);
  return found;
}

const emailOf = (user: NewUser) => `${user.username}@example.com`;

/** The e-mail with this subject sent to `to` (the test SMTP server's inbox). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<ReceivedMail> {
  const matches = (m: ReceivedMail) =>
    m.to.some((t) => t.toLowerCase() === to.toLowerCase()) &&
    subject.test(/^Subject: (.*)$/m.exec(mailbox.text(m).replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '');
  await expect.poll(async () => (await mailbox.messages(request)).some(matches), { timeout: 30_000 }).toBe(true);
  return (await mailbox.messages(request)).find(matches) as ReceivedMail;
}

/** axe finds no serious or critical problem in what `scope` shows now. */
async function noSeriousProblem(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (scope ? builder.include(scope) : builder).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
}

/** As the club administrator at a desk: the Bookings panel (the admin default). */
async function openBookings(page: Page) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
}

const eventRow = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: name });

test('an administrator cancels a paid race from Bookings; each family is e-mailed and My Entries shows the refund', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rcx');
  const race = `Washout Slalom ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 10, price: '20.00' });
  // two families: one pays for two children at once, the other for one
  const a = await family(request, surname, ['Ella', 'Finn'], 'Alma');
  const b = await family(request, surname, ['Gus'], 'Bruno');
  const referenceA = await payForFamily(request, id, a.parent, a.kids, '40.00');
  await payForFamily(request, id, b.parent, b.kids, '20.00');

  await openBookings(page);
  await eventRow(page, race)
    .getByRole('button', { name: `Cancel ${race}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel event?' });
  await expect(confirm).toContainText(`Are you sure you want to cancel ${race}`);
  await expect(confirm.getByTestId('cancel-race-figures')).toHaveText(
    '3 paid entries will be refunded in full (£60.00) to the card or wallet that paid, whatever the refunds setting. Every entrant (3 entries) will be told by e-mail. This cannot be undone.',
  );
  await expect(confirm.getByRole('button', { name: 'Cancel event' })).toBeEnabled();
  await noSeriousProblem(page, '[role="dialog"]');
  await confirm.screenshot({ path: 'test-results/cancel-race-confirmation.png' });
  await confirm.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(eventRow(page, race).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(eventRow(page, race).getByRole('button', { name: `Cancel ${race}` })).toBeDisabled();

  // each family's e-mail: the subject, its HTML at 375 px, its plain text
  const subject = new RegExp(`^ERSA: ${race} on .+ is cancelled$`);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [who, kids] of [
    [a.parent, ['Ella', 'Finn']],
    [b.parent, ['Gus']],
  ] as const) {
    const mail = await mailTo(request, emailOf(who), subject);
    const text = part(mail, 'text/plain');
    expect(text).toContain(`${race}`);
    expect(text).toContain('has been cancelled');
    for (const kid of kids) {
      // refunded by the time the mail was written, or still on its way
      expect(text).toMatch(
        new RegExp(
          `${kid} ${surname}: £20\\.00 (refunded to|is being refunded to) the demo payment \\(no money was taken\\)`,
        ),
      );
    }
    await page.setContent(part(mail, 'text/html'));
    for (const kid of kids) await expect(page.getByText(`${kid} ${surname}: £20.00`)).toBeVisible();
    await noSidewaysScroll(page, 375);
    await noSeriousProblem(page);
    if (who === a.parent) await page.screenshot({ path: 'test-results/cancel-race-email-375.png', fullPage: true });
  }

  // the first family's parent, on a phone: each child's line says the race is cancelled and refunded
  await signOut(page);
  await logInOnPhone(page, a.parent);
  await page.goto('/profile?tab=entries');
  const order = page.getByRole('article', { name: `Order ${referenceA}` });
  for (const kid of ['Ella', 'Finn']) {
    const line = order.getByRole('listitem').filter({ hasText: `${kid} ${surname} — ${race}` });
    await expect(line).toContainText('Race cancelled · £20.00 refunded');
    await expect(line).not.toContainText('Booked');
  }
  await expect(order.getByRole('button', { name: 'Cancel entry' })).toHaveCount(0);
  await expect(order).toContainText('£40.00 refunded');
  await noSidewaysScroll(page, 375);
  await noSeriousProblem(page, 'main');
  await order.screenshot({ path: 'test-results/cancel-race-my-entries-375.png' });
});

test('the confirmation waits for its figures, and says so when they cannot be read', async ({ page, request }) => {
  const surname = uniqueSurname('Rcp');
  const race = `Fogbound Slalom ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 10, price: '15.00' });
  const kid = await registerRacer(request, 'Ivy', surname);
  await payFor(request, id, kid, '15.00');
  const free = await createRaceEvent(request, { name: `Free ${race}`, quantity: 10 });
  await bookFree(request, free.id, await registerRacer(request, 'Jo', surname));

  await openBookings(page);
  // the figures fail once: the confirmation says so, and cancelling waits for them
  let fail = true;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/v1/products/${id}/cancel/`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (fail) {
      fail = false;
      return route.fulfill({ status: 500, json: { error: 'Internal Server Error', code: 'INTERNAL' } });
    }
    await held;
    return route.fallback();
  });
  await eventRow(page, race)
    .getByRole('button', { name: `Cancel ${race}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel event?' });
  await expect(confirm.getByRole('alert')).toHaveText(
    'The refunds this would make could not be counted. Please try again.Try again',
  );
  await expect(confirm).not.toContainText('Internal Server Error');
  await expect(confirm.getByRole('button', { name: 'Cancel event' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Try again' }).click();
  await expect(confirm.getByText('Counting the paid entries and entrants…')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel event' })).toBeDisabled();
  release();
  await expect(confirm.getByTestId('cancel-race-figures')).toHaveText(
    '1 paid entry will be refunded in full (£15.00) to the card or wallet that paid, whatever the refunds setting. Every entrant (1 entry) will be told by e-mail. This cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Keep event' }).click();
  await expect(confirm).toBeHidden();
  await expect(eventRow(page, race).getByRole('button', { name: `Cancel ${race}` })).toBeFocused();

  // a free race: nothing to refund, its entrant told
  await eventRow(page, `Free ${race}`)
    .getByRole('button', { name: `Cancel Free ${race}` })
    .click();
  await expect(confirm.getByTestId('cancel-race-figures')).toHaveText(
    'No paid entries need a refund. Every entrant (1 entry) will be told by e-mail. This cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
});

/**
 * My Entries on a phone (issue 35): a cancelled race's line with each refund's progress (refunded,
 * on its way while the provider does not answer, to be refunded by the association when it refuses),
 * a free entry of a cancelled race, and no Cancel entry on any of them.
 */
test('on a phone, My Entries shows each cancelled race’s refund as it stands and offers no Cancel', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rcm');
  const kid = await registerRacer(request, 'Kay', surname);
  const races = {
    unsent: `Gale Race ${surname}`,
    refused: `Sleet Race ${surname}`,
    free: `Thaw Race ${surname}`,
  };
  const unsent = await createRaceEvent(request, { name: races.unsent, quantity: 5, price: '20.00' });
  const refused = await createRaceEvent(request, { name: races.refused, quantity: 5, price: '20.00' });
  const free = await createRaceEvent(request, { name: races.free, quantity: 5 });
  // the demo's cards whose refunds never send (4000 0000 0000 0119) and are refused (… 5126)
  const unsentRef = await payFor(request, unsent.id, kid, '20.00', '4000 0000 0000 0119');
  const refusedRef = await payFor(request, refused.id, kid, '20.00', '4000 0000 0000 5126');
  await bookFree(request, free.id, kid);
  const admin = await adminHeaders(request);
  for (const { id } of [unsent, refused, free]) {
    const res = await request.post(`/api/v1/products/${id}/cancel/`, { headers: admin });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await logInOnPhone(page, kid);
  await page.goto('/profile?tab=entries');
  await expect(page.getByRole('article', { name: `Order ${unsentRef}` })).toContainText(
    `Kay ${surname} — ${races.unsent}`,
  );
  await expect(page.getByRole('article', { name: `Order ${unsentRef}` })).toContainText(
    'Race cancelled · £20.00 refund on its way',
  );
  await expect(page.getByRole('article', { name: `Order ${refusedRef}` })).toContainText(
    'Race cancelled · £20.00 to be refunded by the association',
  );
  const freeEntries = page.getByRole('region', { name: 'Free entries' });
  await expect(freeEntries.getByRole('listitem').filter({ hasText: races.free })).toContainText('Race cancelled');
  await expect(page.getByRole('button', { name: 'Cancel entry' })).toHaveCount(0);
  await expect(page.getByText('Booked', { exact: true })).toHaveCount(0);
  await noSidewaysScroll(page, 375);
  await noSeriousProblem(page, 'main');
  await page.getByRole('main').screenshot({ path: 'test-results/cancel-race-my-entries-states-375.png' });
});

/**
 * A cancelled race that had filled (issue 35): its page, its card on Booking and its calendar entry
 * show no registration window, no "Event Full" and no Enter: only that it is cancelled.
 */
test('a cancelled full race’s page, card and calendar entry say only that it is cancelled', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rcv');
  const race = `Closed Slope Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 1 });
  await bookFree(request, id, await registerRacer(request, 'Lou', surname));
  const { slug } = await productOf(request, id);
  const res = await request.post(`/api/v1/products/${id}/cancel/`, { headers: await adminHeaders(request) });
  expect(res.status()).toBe(200);

  const nothingButCancelled = async (scope: Locator) => {
    await expect(scope).toContainText('Cancelled');
    for (const words of ['Opens', 'Closes', 'Opening', 'Closing', 'Entry Closed', 'Event Full', 'full', 'sold out'])
      await expect(scope).not.toContainText(words);
    await expect(scope.getByRole('button', { name: /^(Enter|Book|Join the waiting list)/ })).toHaveCount(0);
  };

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/events/${slug}`);
    await expect(page.getByTestId('event-state')).toHaveText('Cancelled');
    await expect(page.getByTestId('event-page-window')).toHaveCount(0);
    await nothingButCancelled(page.getByRole('main'));

    await page.goto('/booking');
    await nothingButCancelled(page.getByRole('article', { name: race }));
  }

  const ics = await (await request.get(`/api/v1/products/${slug}/calendar.ics`)).text();
  expect(ics).toContain('STATUS:CANCELLED');
  expect(ics).not.toMatch(/Opens|Closes|Event Full|sold out|Enter/i);
});

/**
 * A race's cancellation terms (issue 35): with no deadline set, the form suggests the day before
 * the race for the administrator to take; a deadline after the race and a fee above its price are
 * refused by the server, each beside its field, and what was typed stays.
 */
test('the cancellation terms suggest the day before the race and show the server’s refusals by their fields', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rct');
  const race = `Terms Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '20.00' });
  const { date } = await productOf(request, id);
  const dayBefore = suggestedDeadline(date);

  await openBookings(page);
  await page.getByRole('button', { name: `Cancellation terms of ${race}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancellations: ${race}` });
  const until = dialog.getByLabel('Cancel until', { exact: true });
  await expect(until).toHaveValue('');
  await expect(dialog).toContainText(`The race is on ${formatDayMonthYear(date)}`);

  // after the race, and a fee above its price: each refusal beside its field, what was typed kept
  const after = new Date(`${date}T12:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  await until.fill(typed(after.toISOString().slice(0, 10)));
  await dialog.getByLabel('Cancellation fee (£)').fill('25.00');
  await dialog.getByRole('button', { name: 'Save terms' }).click();
  await expect(until).toHaveAccessibleDescription(
    new RegExp(`The cancellation deadline can be at most the race's date \\(${formatDayMonthYear(date)}\\)`),
  );
  await expect(dialog.getByLabel('Cancellation fee (£)')).toHaveAccessibleDescription(
    /The cancellation fee can be at most the race's price \(£20\.00\)/,
  );
  await expect(until).toHaveValue(typed(after.toISOString().slice(0, 10)));
  await expect(dialog.getByLabel('Cancellation fee (£)')).toHaveValue('25.00');
  await noSeriousProblem(page, '[role="dialog"]');
  await dialog.screenshot({ path: 'test-results/cancel-race-terms-refused.png' });

  // the suggestion, taken
  await dialog.getByRole('button', { name: `Use the day before the race (${formatDayMonthYear(dayBefore)})` }).click();
  await expect(until).toHaveValue(typed(dayBefore));
  await dialog.getByLabel('Cancellation fee (£)').fill('2.50');
  await dialog.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`Cancellation terms of ${race} saved.`)).toBeVisible();
  const saved = await request.get(`/api/v1/products/${id}/cancellation/`, {
    headers: { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` },
  });
  expect(await saved.json()).toEqual({ cancel_until: dayBefore, cancel_until_time: null, cancel_fee: '2.50' });
});

/**
 * One refund, one sender (issue 35): a cancelled race's refund the provider refused waits under
 * Refunds to make by hand; when another administrator has marked it meanwhile, "Refunded by hand"
 * is refused and the administrator reads the server's words, and the row leaves the list.
 */
test('Refunded by hand on a refund already made shows the server’s words and the queue is read again', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rch');
  const race = `Squall Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '20.00' });
  const kid = await registerRacer(request, 'Max', surname);
  await payFor(request, id, kid, '20.00', '4000 0000 0000 5126');
  const admin = await adminHeaders(request);
  expect((await request.post(`/api/v1/products/${id}/cancel/`, { headers: admin })).status()).toBe(200);

  await openBookings(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Orders & Payments' }).click();
  const queue = page.getByRole('table', { name: 'Refunds to make by hand' });
  const mark = queue.getByRole('button', { name: `Mark the refund of £20.00 to Max ${surname} as refunded by hand` });
  await expect(mark).toBeVisible();

  // another administrator marks it first
  const waiting = (await (await request.get('/api/v1/admin/refunds/queue/', { headers: admin })).json()) as {
    id: number;
    payer: string;
  }[];
  const row = waiting.find((r) => r.payer === `Max ${surname}`);
  const first = await request.post(`/api/v1/admin/refunds/${row?.id}/refunded-by-hand/`, {
    headers: { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` },
  });
  expect(first.status(), await first.text()).toBe(200);

  await mark.click();
  await page
    .getByRole('dialog', { name: 'Refunded by hand?' })
    .getByRole('button', { name: 'Mark as refunded' })
    .click();
  await expect(page.getByText('This refund has already been made.')).toBeVisible();
  await expect(mark).toHaveCount(0);
});
