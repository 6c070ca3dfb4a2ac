import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, logInWithModal, openAdminOnPhone, test, uniqueSurname, uniqueUsername } from './fixtures.ts';

/**
 * Confirm Racers (doc 2 §2, §4, §8, §9): an account registered as a racer waits under Pending; an
 * administrator approves it (it gets a racer number and leaves Pending), can reject it again, and
 * the list searches and pages. Every run makes its own racers, with a surname no other run has,
 * and finds them by it: the demo data and other tests add racers to the same server.
 */

/** A surname of letters only (names refuse digits), unique to this run. */
interface Racer {
  username: string;
  first: string;
  last: string;
  name: string;
}

/** Registers a racer through the API, as the registration form would. */
async function registerRacer(request: APIRequestContext, first: string): Promise<Racer> {
  const last = uniqueSurname('Racer');
  const username = uniqueUsername('racer');
  const res = await request.post('/api/v1/register/', {
    data: {
      username,
      password: 'Snow#Slope42',
      first_name: first,
      last_name: last,
      email: `${username}@example.com`,
      is_racer: true,
      date_of_birth: '2012-05-09',
      gender: 'FEMALE',
      ski_or_board: 'SKI',
      local_club: 'HEMEL_SKI_RACE_CLUB',
      emergency_contact_name: 'Pat Morgan',
      emergency_contact_number: '01234 567891',
      accept_terms_and_conditions: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, first, last, name: `${first} ${last}` };
}

async function openConfirmRacers(page: Page): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Confirm Racers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm Racers' })).toBeVisible();
}

/** Chooses a status in the filter, as a person clicks its segment. */
async function showStatus(page: Page, label: 'All' | 'Pending' | 'Approved' | 'Rejected'): Promise<void> {
  const filter = page.getByRole('radiogroup', { name: 'Status' });
  await filter.getByText(label, { exact: true }).click();
  await expect(filter.getByRole('radio', { name: label })).toBeChecked();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search racers' }).fill(text);
}

/** The empty state, as shown at this width (the other width's copy is hidden). */
function noRacers(page: Page): Locator {
  return page.getByText('No racers found').filter({ visible: true });
}

function rowOf(page: Page, racer: Racer): Locator {
  return page.getByRole('table', { name: 'Racers' }).getByRole('row').filter({ hasText: racer.name });
}

test('an administrator approves a pending racer, who gets a racer number, and can reject them afterwards', async ({
  page,
  request,
}) => {
  const racer = await registerRacer(request, 'Skye');
  await openConfirmRacers(page);

  // Pending is the default filter; the new racer is listed there with their details
  await expect(page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'Pending' })).toBeChecked();
  await expect(page.getByRole('columnheader', { name: 'ERSA ID' })).toBeVisible();
  await search(page, racer.last);
  const row = rowOf(page, racer);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('racer-count')).toHaveText('1 racer');
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('N/A');
  await expect(cells.nth(1)).toHaveText(racer.name);
  await expect(cells.nth(2)).toHaveText(racer.username);
  await expect(cells.nth(3)).toHaveText('09/05/2012');
  await expect(cells.nth(4)).toHaveText('Female');
  await expect(cells.nth(5)).toHaveText('Ski');
  await expect(cells.nth(6)).toHaveText('HEM');
  await expect(cells.nth(7)).toHaveText('Pending');
  await expect(row.getByRole('button', { name: `Reject racer ${racer.name}` })).toBeEnabled();

  // approve: the server's message, and the racer leaves the Pending view
  await row.getByRole('button', { name: `Approve racer ${racer.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Racer approved.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(noRacers(page)).toBeVisible();

  // under Approved (the search is kept): a racer number, Approve disabled
  await showStatus(page, 'Approved');
  await expect(row).toHaveCount(1);
  await expect(cells.nth(0)).toHaveText(/^\d+$/);
  const number = (await cells.nth(0).textContent()) ?? '';
  await expect(cells.nth(7)).toHaveText('Approved');
  const approve = row.getByRole('button', { name: `Approve racer ${racer.name}` });
  await expect(approve).toBeDisabled();
  // a disabled button does nothing
  await approve.click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: /Failed to approve racer|already approved/ })).toHaveCount(0);

  // the racer number finds them too
  await search(page, number);
  await expect(row).toHaveCount(1);
  await search(page, racer.last);

  // reject: they move to Rejected and keep their number
  await row.getByRole('button', { name: `Reject racer ${racer.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Racer rejected.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await showStatus(page, 'Rejected');
  await expect(cells.nth(0)).toHaveText(number);
  await expect(cells.nth(7)).toHaveText('Rejected');
  await expect(row.getByRole('button', { name: `Reject racer ${racer.name}` })).toBeDisabled();
  await expect(row.getByRole('button', { name: `Approve racer ${racer.name}` })).toBeEnabled();

  // All lists every status; a search that matches nobody says so
  await showStatus(page, 'All');
  await expect(row).toHaveCount(1);
  await search(page, `${racer.last}nobody`);
  await expect(noRacers(page)).toBeVisible();
  await expect(page.getByTestId('racer-count')).toHaveText('0 racers');
});

test('a failed decision and a failed list say so in the spec’s words, and nothing changes', async ({
  page,
  request,
}) => {
  const racer = await registerRacer(request, 'Rowan');
  await openConfirmRacers(page);
  await search(page, racer.last);
  const row = rowOf(page, racer);
  const approve = row.getByRole('button', { name: `Approve racer ${racer.name}` });
  await expect(approve).toBeVisible();

  // no answer at all
  await page.route('**/api/v1/profiles/update/**', (route) => route.abort('failed'));
  await approve.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error occurred while updating racer status' }),
  ).toBeVisible();
  await expect(row.getByRole('cell').nth(7)).toHaveText('Pending');
  // focus stays on the button that was pressed
  await expect(approve).toBeFocused();
  await page.unroute('**/api/v1/profiles/update/**');

  // the server refuses
  await page.route('**/api/v1/profiles/update/**', (route) =>
    route.fulfill({ status: 409, json: { error: 'The racer is already approved.', code: 'CONFLICT' } }),
  );
  await row.getByRole('button', { name: `Reject racer ${racer.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to reject racer' })).toBeVisible();
  await expect(row.getByRole('cell').nth(7)).toHaveText('Pending');
  await page.unroute('**/api/v1/profiles/update/**');

  // the list cannot be read
  await page.route('**/api/v1/profiles/racers/**', (route) => route.abort('failed'));
  await showStatus(page, 'Rejected');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch racers' }).first()).toBeVisible();
  await page.unroute('**/api/v1/profiles/racers/**');
});

test('the panel has no serious accessibility problems (axe)', async ({ page, request }) => {
  const racer = await registerRacer(request, 'Ash');
  await openConfirmRacers(page);
  await search(page, racer.last);
  await expect(page.getByTestId('racer-count')).toHaveText('1 racer');
  await expect(rowOf(page, racer)).toHaveCount(1);
  const problems: string[] = [];
  const scan = async (label: string) => {
    const result = await new AxeBuilder({ page }).include('main').analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      problems.push(`${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  };
  await scan('Pending');
  // every status, with the disabled buttons of approved and rejected racers
  await page.getByRole('button', { name: 'Clear search' }).click();
  await showStatus(page, 'All');
  await expect(
    page.getByRole('table', { name: 'Racers' }).getByRole('button', { disabled: true }).first(),
  ).toBeVisible();
  await scan('All');
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('each racer is a card with its details and both buttons, and the page does not scroll sideways', async ({
    page,
    request,
  }) => {
    const racer = await registerRacer(request, 'Jordan');
    await openAdminOnPhone(page, DEMO.admin);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Confirm Racers' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm Racers' })).toBeVisible();

    await search(page, racer.last);
    const card = page.getByRole('list', { name: 'Racers' }).getByRole('listitem').filter({ hasText: racer.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('ERSA ID');
    await expect(card).toContainText('09/05/2012');
    await expect(card).toContainText('Pending');
    const approve = card.getByRole('button', { name: `Approve racer ${racer.name}` });
    const reject = card.getByRole('button', { name: `Reject racer ${racer.name}` });
    await expect(approve).toBeInViewport();
    await expect(reject).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await approve.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Racer approved.' })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
