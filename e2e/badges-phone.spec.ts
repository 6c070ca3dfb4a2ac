import type { APIRequestContext, Page } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, DEMO, expect, openPanelOnPhone, registerUser, test, uniqueSurname } from './fixtures.ts';
import { bookFree } from './payment-fixtures.ts';
import { adminHeaders, linkFamily, registerRacer } from './people-fixtures.ts';
import { axeProblems } from './security-fixtures.ts';

/**
 * Badges on a phone: at 375 px every badge shows its whole text (it wraps rather than ending in
 * "…"), and axe finds no serious or critical problem (the badges' colours, an alert's title, the
 * Mail table's scrolling region) on the pages that had them.
 */

test.use({ viewport: { width: 375, height: 812 } });

/** The texts of the visible badges in `scope`: none may be cut off (wider than its box). */
async function badgesAreWhole(page: Page, scope: string): Promise<string[]> {
  const badges = page.locator(`${scope} .mantine-Badge-root:visible`);
  await expect(badges.first()).toBeVisible();
  const cut = await badges.evaluateAll((all) =>
    all.flatMap((badge) =>
      [badge, ...badge.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth)
        ? [badge.textContent ?? '']
        : [],
    ),
  );
  expect(cut).toEqual([]);
  return badges.allTextContents();
}

/** Signs in through the API from the page's own browser (it keeps the session's cookies, as a
 * new tab finds them: session-restore.spec.ts), then opens `path`. */
async function signIn(page: Page, user: { username: string; password: string }, path: string): Promise<void> {
  const res = await page.request.post('/api/v1/login/', { data: { username: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(path);
}

type Headers = { authorization: string };

/** The racer with `headers` joins the waiting list of the full race `race`; returns the entry's id. */
async function joinList(request: APIRequestContext, headers: Headers, race: number): Promise<number> {
  const me = (await (await request.get('/api/v1/profile/', { headers })).json()) as { id: number };
  const joined = await request.post(`/api/v1/products/${race}/waiting-list/`, {
    headers,
    data: { participants: [me.id], mode: 'all' },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return ((await joined.json()) as { entry: { id: number } }).entry.id;
}

/** A free race of one place, taken by another racer (returned, with the race's name): the racer
 * signed in with `headers` joined its waiting list, took the place an administrator freed, and is
 * entered (accepted). */
async function acceptedFromList(request: APIRequestContext, surname: string, headers: Headers) {
  const name = `Badge Taken ${surname}`;
  const holder = await registerRacer(request, 'Hal', surname);
  const race = await createRaceEvent(request, { name, quantity: 1 });
  const booking = await bookFree(request, race.id, holder);
  const entry = await joinList(request, headers, race.id);
  const freed = await request.delete(`/api/v1/bookings/${booking}/`, { headers: await adminHeaders(request) });
  expect(freed.status(), await freed.text()).toBe(200);
  const accepted = await request.post(`/api/v1/waiting-list/${entry}/accept/`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { name, holder };
}

test('My Entries: the waiting lists’ Accepted and Waiting badges are whole and readable', async ({ page, request }) => {
  const surname = uniqueSurname('Badge');
  const kid = await registerRacer(request, 'Kim', surname);
  const headers = { authorization: `Bearer ${await apiToken(request, kid)}` };
  const { holder } = await acceptedFromList(request, surname, headers);
  // and a race where Kim still waits
  const full = await createRaceEvent(request, { name: `Badge Waiting ${surname}`, quantity: 1 });
  await bookFree(request, full.id, holder);
  await joinList(request, headers, full.id);

  await signIn(page, kid, '/profile?tab=entries');
  const lists = page.getByRole('region', { name: 'Waiting lists' });
  await expect(lists).toContainText('Waiting · number 1');
  expect(await badgesAreWhole(page, '[aria-labelledby="waiting-lists"]')).toEqual(['Waiting · number 1', 'Accepted']);
  expect(await axeProblems(page, 'main')).toEqual([]);
});

test('checkout: the participants’ status badges are whole, and the page reads', async ({ page, request }) => {
  const surname = uniqueSurname('Chk');
  const parent = await registerUser(request, { first_name: 'Pat', last_name: surname });
  const kid = await registerRacer(request, 'Kit', surname);
  await linkFamily(request, parent, kid);
  await linkFamily(request, parent, await registerRacer(request, 'Penelope', surname, false));

  await signIn(page, parent, '/booking');
  await page.getByRole('article', { name: 'Hemel Open Slalom' }).getByRole('button', { name: 'Enter' }).click();
  const modal = page.getByRole('dialog', { name: 'Who is entering Hemel Open Slalom?' });
  expect(await badgesAreWhole(page, '[role="dialog"]')).toEqual([
    'Non Race Account',
    'Available',
    'Awaiting Racer Approval',
  ]);
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole('checkbox', { name: `Kit ${surname}` }).check();
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(modal).toBeHidden();

  await page.goto('/checkout');
  await expect(page.getByText('Demo payment — no money moves')).toBeVisible();
  expect(await axeProblems(page, 'main')).toEqual([]);
});

test('the back office: the events’ status badges, Site Health and Mail', async ({ page }) => {
  await signIn(page, DEMO.superAdmin, '/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
  expect(await badgesAreWhole(page, 'ul[aria-label="Events"]')).toContain('Scheduled');
  expect(await axeProblems(page, 'main')).toEqual([]);

  await openPanelOnPhone(page, 'Site Health', 'Site health');
  expect(await badgesAreWhole(page, 'main')).toContain('OK');
  expect(await axeProblems(page, 'main')).toEqual([]);

  await openPanelOnPhone(page, 'Mail', 'Mail that keeps failing');
  // the table scrolls sideways on a phone: the keyboard reaches it
  await expect(page.getByRole('region', { name: 'Failing mail table' })).toHaveAttribute('tabindex', '0');
  expect(await axeProblems(page, 'main')).toEqual([]);
});

test('Booked Participants: the waiting list’s badges are whole and readable', async ({ page, request }) => {
  const surname = uniqueSurname('Bkd');
  const wes = await registerRacer(request, 'Wes', surname);
  const { name: race } = await acceptedFromList(request, surname, {
    authorization: `Bearer ${await apiToken(request, wes)}`,
  });

  await signIn(page, DEMO.admin, '/admin');
  await openPanelOnPhone(page, 'Booked Participants', 'Booked Participants');
  await page
    .getByRole('list', { name: 'Race events' })
    .getByRole('listitem')
    .filter({ hasText: race })
    .getByRole('button', { name: `View participants of ${race}` })
    .click();
  await expect(page.getByRole('heading', { level: 3, name: race })).toBeVisible();
  expect(await badgesAreWhole(page, 'ul[aria-label="Waiting list"]')).toEqual(['Accepted']);
  expect(await axeProblems(page, 'main')).toEqual([]);
});
