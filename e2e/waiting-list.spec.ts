import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, DEMO, expect, logInOnPhone, logInWithModal, registerUser, test, uniqueSurname } from './fixtures.ts';
import { part, waitForMail } from './mail-fixtures.ts';
import { bookFree } from './payment-fixtures.ts';
import { adminHeaders, linkFamily, registerRacer } from './people-fixtures.ts';
import { paidOffer } from './waiting-fixtures.ts';

async function slugOf(request: APIRequestContext, id: number): Promise<string> {
  const all = (await (await request.get('/api/v1/products/')).json()) as { id: number; slug: string }[];
  const found = all.find((p) => p.id === id);
  if (!found) throw new Error(`no event ${id}`);
  return found.slug;
}

/** As an administrator at a desk: Booked Participants of `race`. */
async function openParticipants(page: Page, race: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Booked Participants' }).click();
  const row = page.getByRole('table', { name: 'Race events' }).getByRole('row').filter({ hasText: race });
  await row.getByRole('button', { name: `View participants of ${race}` }).click();
}

async function removeBooked(page: Page, name: string) {
  await page
    .getByRole('button', { name: `Remove ${name}` })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Remove participant' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove participant' })).toBeHidden();
}

/** axe finds no serious or critical problem on what the page shows now. */
async function noSeriousProblem(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
}

/**
 * The family waiting list (issue 27): a full free race; a parent on a phone joins its list for two
 * children, all-or-nothing; an administrator removes one booked racer (one place: kept, it does not
 * fit) then another (both offered); the parent answers the offer on its own page and both are
 * entered. A second family behind them is removed by the administrator from the list.
 */
test('a parent on a phone joins a full race’s list for two children; freed places are offered and Accept enters both', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Wait');
  const race = `Waiting Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 2 });
  const holderA = await registerRacer(request, 'Hal', surname);
  const holderB = await registerRacer(request, 'Hope', surname);
  await bookFree(request, id, holderA);
  await bookFree(request, id, holderB);
  const parent = await registerUser(request, { first_name: 'Paula', last_name: surname });
  const ella = await registerRacer(request, 'Ella', surname);
  const finn = await registerRacer(request, 'Finn', surname);
  await linkFamily(request, parent, ella);
  await linkFamily(request, parent, finn);
  // a second family, behind the first
  const other = await registerRacer(request, 'Otto', surname);
  const slug = await slugOf(request, id);

  // the parent, on a phone
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await logInOnPhone(page, parent);
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole('button', { name: `Event Full : ${race}` })).toBeVisible();
  await page.getByRole('button', { name: `Join the waiting list for ${race}` }).click();
  const dialog = page.getByRole('dialog', { name: `Join the waiting list for ${race}` });
  await expect(dialog.getByRole('checkbox', { name: `Paula ${surname}` })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: `Ella ${surname}` }).check();
  await dialog.getByRole('checkbox', { name: `Finn ${surname}` }).check();
  await expect(dialog.getByRole('radio', { name: 'All or nothing' })).toBeChecked();
  await noSeriousProblem(page);
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(
    page.getByText(`You are on the waiting list for ${race}. We will e-mail you if places come free.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: 'test-results/waiting-list-joined-phone.png' });

  // joining twice for the same child is refused in the dialog, which keeps the choice
  await page.getByRole('button', { name: `Join the waiting list for ${race}` }).click();
  await dialog.getByRole('checkbox', { name: `Ella ${surname}` }).check();
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Ella ${surname} is already on the waiting list for ${race}.`);
  await expect(dialog.getByRole('checkbox', { name: `Ella ${surname}` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/profile?tab=entries');
  const lists = page.getByRole('region', { name: 'Waiting lists' });
  await expect(lists).toContainText(race);
  await expect(lists).toContainText('Waiting · number 1');
  await expect(lists).toContainText(`Ella ${surname} (waiting), Finn ${surname} (waiting)`);

  // the second family joins behind (through the API)
  const otherHeaders = { authorization: `Bearer ${await apiToken(request, other)}` };
  const profile = (await (await request.get('/api/v1/profile/', { headers: otherHeaders })).json()) as { id: number };
  const joined = await request.post(`/api/v1/products/${id}/waiting-list/`, {
    headers: otherHeaders,
    data: { participants: [profile.id], mode: 'all' },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // the administrator removes one booked racer: one place, which the first entry (two) does not fit
  await signOut(page);
  await openParticipants(page, race);
  const list = page.getByRole('region', { name: 'Waiting list' });
  await expect(list.getByRole('table', { name: 'Waiting list' }).getByRole('row')).toHaveCount(3);
  await removeBooked(page, `Hal ${surname}`);
  // the second family fits one place: it is offered; the first keeps its position
  await expect(list.getByRole('row').filter({ hasText: `Otto ${surname}` })).toContainText('Offered');
  await expect(list.getByRole('row').filter({ hasText: `Paula ${surname}` })).toContainText('Waiting · number 1');
  // the administrator takes the second family off the list: its place passes to nobody yet (kept)
  await list.getByRole('button', { name: `Remove Otto ${surname}'s waiting-list entry` }).click();
  await page
    .getByRole('dialog', { name: 'Remove from the waiting list' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(
    page.getByText(`Otto ${surname}'s entry on the waiting list for ${race} has been removed.`),
  ).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `Otto ${surname}` })).toContainText(
    'Removed by an administrator',
  );
  await expect(page.getByTestId('waiting-summary')).toHaveText(
    '1 entry on the list · 1 freed place kept for it (no entry fits yet)',
  );
  await removeBooked(page, `Hope ${surname}`);
  await expect(list.getByRole('row').filter({ hasText: `Paula ${surname}` })).toContainText('Offered');
  await expect(list.getByRole('row').filter({ hasText: `Paula ${surname}` })).toContainText('2 places held for');
  await noSeriousProblem(page);
  await list.screenshot({ path: 'test-results/waiting-list-admin-desk.png' });
  // on a phone the list is cards, and nothing scrolls sideways
  await page.setViewportSize({ width: 375, height: 740 });
  const cards = list.getByRole('list', { name: 'Waiting list' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').first()).toContainText(`1. Paula ${surname}`);
  await expect(cards.getByRole('listitem').first()).toContainText('Offered');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await list.screenshot({ path: 'test-results/waiting-list-admin-phone.png' });
  await page.setViewportSize({ width: 1400, height: 900 });
  // nothing is sold to the public while the list holds the places
  await expect(page.getByTestId('booked-summary')).toContainText('0 booked');

  // the parent answers on the offer's page
  await page.setViewportSize({ width: 375, height: 740 });
  await signOut(page);
  await logInOnPhone(page, parent);
  await page.goto('/profile?tab=entries');
  await page.getByRole('region', { name: 'Waiting lists' }).getByRole('link', { name: 'Answer the offer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Waiting list: ${race}`);
  const offer = page.getByRole('region', { name: 'The offer' });
  await expect(offer).toContainText(`2 places held for Ella ${surname} and Finn ${surname} until`);
  await expect(offer).toContainText('UK time');
  await page.screenshot({ path: 'test-results/waiting-list-offer-phone.png', fullPage: true });
  await noSeriousProblem(page);
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Ella ${surname} and Finn ${surname} are entered for ${race}.`)).toBeVisible();
  await expect(page.getByText('You accepted the offer.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await page.goto('/profile?tab=entries');
  const free = page.getByRole('region', { name: 'Free entries' });
  await expect(free).toContainText(`Ella ${surname} — ${race}`);
  await expect(free).toContainText(`Finn ${surname} — ${race}`);
  const booked = await request.get(`/api/v1/products/booked-participants/${id}/`, {
    headers: await adminHeaders(request),
  });
  expect(
    ((await booked.json()) as { participant_first_name: string }[]).map((b) => b.participant_first_name).sort(),
  ).toEqual(['Ella', 'Finn']);
});

/**
 * A paid race's offer: opening the offer's page answers nothing (a GET never accepts); Accept puts
 * the held place in the cart and goes to checkout, which shows the race and its price.
 */
test('a paid offer opened from its link is not accepted until Accept, which goes to checkout with the place held', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Paid');
  const race = `Paid Waiting Race ${surname}`;
  const { kid, kidHeaders, entryId } = await paidOffer(request, race, surname);

  // the offer e-mail: HTML that reads on a phone, its plain text, and the link to the offer's page
  await page.setViewportSize({ width: 375, height: 740 });
  const mail = await waitForMail(request, `ERSA: a place in ${race} is offered to you`);
  expect(part(mail, 'text/plain')).toContain('To pay: £10.00');
  await page.setContent(part(mail, 'text/html'));
  await expect(page.getByText(`Offered: Kit ${surname}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noSeriousProblem(page);
  const link = await page.getByRole('link', { name: 'Answer the offer' }).getAttribute('href');
  expect(new URL(link ?? '').pathname).toBe(`/waiting-list/${entryId}`);

  // a visitor following the link is asked to log in, and nothing is answered
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByText('Log in to see your place on the waiting list and answer an offer.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel('Username').fill(kid.username);
  await login.getByLabel(/^Password/).fill(kid.password);
  await login.getByRole('button', { name: 'Login' }).click();
  const offer = page.getByRole('region', { name: 'The offer' });
  await expect(offer).toContainText(`1 place held for Kit ${surname} until`);
  await expect(offer).toContainText('To pay: £10.00.');
  const still = (await (await request.get(`/api/v1/waiting-list/${entryId}/`, { headers: kidHeaders })).json()) as {
    state: string;
  };
  expect(still.state).toBe('offered');

  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Your places are held for you: pay £10.00 to confirm them.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(race);
  await expect(page.getByRole('main')).toContainText('£10.00');
});
