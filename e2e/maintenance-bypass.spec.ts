import type { APIRequestContext, Page, Response } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { DEMO, expect, setMaintenance, test } from './fixtures.ts';
import { E2E_JWT_SECRET } from './ports.ts';

/**
 * A super administrator who bypasses maintenance gets a working site: the public pages and the
 * admin lists load their data (the reads carry the token past the server's gate), and a token
 * that expires meanwhile is refreshed instead of sending them back to the maintenance page.
 */
test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

interface Named {
  name?: string;
  question?: string;
  first_name?: string;
  last_name?: string;
  race_club_name?: string;
}

/** What the pages must show, read through the API before maintenance starts. */
async function siteData(request: APIRequestContext) {
  const get = async <T>(path: string) => (await (await request.get(`/api/v1/${path}`)).json()) as T;
  const upcoming = await get<Named[]>('latest-products/');
  const team = await get<Named[]>('team-members/');
  const faqs = await get<Named[]>('faqs/');
  const clubs = await get<Named[]>('slope-info/');
  const documents = await get<Named[]>('organization-documents/');
  const governance = await get<{ paragraph: string }>('governance/');
  expect(upcoming.length, 'the demo has upcoming events').toBeGreaterThan(0);
  expect(team.length * faqs.length * clubs.length * documents.length).toBeGreaterThan(0);
  return { upcoming, team, faqs, clubs, documents, governance };
}

async function bypassAsSuperAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/maintenance$/);
  await page.getByRole('button', { name: 'Administrator sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Administrator Sign In' });
  await dialog.getByLabel('Username').fill(DEMO.superAdmin.username);
  await dialog.getByLabel(/^Password/).fill(DEMO.superAdmin.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Bypass maintenance' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Every API answer the page receives from now on that the gate refused. */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res: Response) => {
    if (res.url().includes('/api/') && res.status() === 503) seen.push(`${res.status()} ${res.url()}`);
  });
  return seen;
}

async function openPanel(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: label, exact: true }).click();
}

test('the bypassing super administrator sees every data page and admin list', async ({ page, request }) => {
  const data = await siteData(request);
  await setMaintenance(request, true);
  await bypassAsSuperAdmin(page);
  const refused = refusals(page);
  const main = page.getByRole('main');

  // Home: the upcoming events
  await expect(main.getByText(data.upcoming[0]?.name ?? '').first()).toBeVisible();
  await page.goto('/booking');
  await expect(main.getByText(data.upcoming[0]?.name ?? '').first()).toBeVisible();
  await page.goto('/about');
  const member = data.team[0];
  await expect(main.getByText(`${member?.first_name} ${member?.last_name}`).first()).toBeVisible();
  await page.goto('/slopes');
  await expect(main.getByText(data.clubs[0]?.race_club_name ?? '').first()).toBeVisible();
  await page.goto('/contact');
  await expect(main.getByRole('button', { name: data.faqs[0]?.question ?? '' })).toBeVisible();
  await page.goto('/governance');
  await expect(main.getByText(data.governance.paragraph.slice(0, 40))).toBeVisible();
  await page.goto('/policies');
  await expect(main.getByRole('link', { name: data.documents[0]?.name ?? '' })).toBeVisible();

  // the back office lists
  await page.goto('/admin');
  await expect(main.getByRole('cell', { name: data.upcoming[0]?.name ?? '' }).first()).toBeVisible();
  await openPanel(page, 'Edit FAQs');
  await expect(main.getByRole('cell', { name: data.faqs[0]?.question ?? '', exact: true })).toBeVisible();
  await openPanel(page, 'Team Members');
  await expect(main.getByText(`${member?.first_name} ${member?.last_name}`).first()).toBeVisible();
  await openPanel(page, 'Edit Document Content');
  await expect(main.getByRole('cell', { name: data.documents[0]?.name ?? '', exact: true })).toBeVisible();
  await openPanel(page, 'Edit Governance');
  await expect(main.getByRole('textbox')).toHaveValue(data.governance.paragraph);
  await openPanel(page, 'Edit Content');
  await main.getByRole('tab', { name: 'Club Details' }).click();
  await expect(main.getByRole('cell', { name: data.clubs[0]?.race_club_name ?? '', exact: true })).toBeVisible();

  expect(refused).toEqual([]);
});

test('an access token that expires during maintenance is refreshed, not a trip to the gate', async ({
  page,
  request,
}) => {
  const data = await siteData(request);
  await setMaintenance(request, true);
  await bypassAsSuperAdmin(page);

  // The stored access token becomes one that expired a minute ago (same session, same user).
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('profile') ?? '{}'));
  const claims = decodeJwt(stored.state.access);
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ ...claims, iat: now - 120, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await page.evaluate((access) => {
    const profile = JSON.parse(sessionStorage.getItem('profile') ?? '{}');
    profile.state.access = access;
    sessionStorage.setItem('profile', JSON.stringify(profile));
  }, expired);
  const refreshes: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/token/refresh/')) refreshes.push(res.status());
  });

  await page.goto('/booking');
  await expect(page).toHaveURL(/\/booking$/);
  await expect(
    page
      .getByRole('main')
      .getByText(data.upcoming[0]?.name ?? '')
      .first(),
  ).toBeVisible();
  expect(refreshes).toContain(200);
  const after = await page.evaluate(() => JSON.parse(sessionStorage.getItem('profile') ?? '{}').state.access);
  expect(after).not.toBe(expired);
});

interface PublicRaceEvent {
  id: number;
  name: string;
  year: number;
  club_results: { club_id: string; club_name: string; points_calculated: boolean }[];
}

/** A race with a club's calculated results, and one of its racers, read before maintenance. */
async function aClubRace(request: APIRequestContext) {
  const events = (await (await request.get('/api/v1/public/race-events/')).json()) as PublicRaceEvent[];
  for (const event of events) {
    const club = event.club_results.find((c) => c.points_calculated);
    if (!club) continue;
    const tables = (await (
      await request.get(`/api/v1/public/race-events/${event.id}/category-results/?slope_id=${club.club_id}`)
    ).json()) as Record<string, { name: string }[]>;
    const racer = Object.values(tables).flat()[0];
    if (racer) return { event, club, racer };
  }
  throw new Error('the demo has no calculated club race');
}

/** Whether the maintenance text ever appeared in this page, from the first byte of the HTML. */
async function watchForMaintenanceText(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const w = window as unknown as { sawMaintenance: boolean };
    w.sawMaintenance = false;
    const look = () => {
      if (document.body?.textContent?.includes('Site Under Maintenance')) w.sawMaintenance = true;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawMaintenance: boolean }).sawMaintenance);
}

test('in maintenance the super administrator opens /results and /booking on their data, also in a new tab', async ({
  page,
  context,
  request,
}) => {
  const data = await siteData(request);
  const race = await aClubRace(request);
  await setMaintenance(request, true);
  await bypassAsSuperAdmin(page);
  const refused = refusals(page);

  // in-app navigation and a load of the address: the tables, the race and a racer
  await page.goto(`/results?year=${race.event.year}&club=${race.club.club_id}`);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: `${race.club.club_name} ${race.event.year} Results` }),
  ).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: race.racer.name }).first()).toBeVisible();
  await expect(page.getByText('Failed to load available results')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/maintenance-bypass-results.png', fullPage: true });
  expect(refused).toEqual([]);

  // a new tab (no access token in it yet, only the refresh cookie): /booking opens on its events,
  // never on the maintenance page
  for (const [width, address] of [
    [1280, '/booking'],
    [390, `/results?year=${race.event.year}&club=${race.club.club_id}`],
  ] as const) {
    const tab = await context.newPage();
    await tab.setViewportSize({ width, height: 844 });
    const sawMaintenance = await watchForMaintenanceText(tab);
    await tab.goto(address);
    const tabMain = tab.getByRole('main');
    if (address === '/booking') await expect(tabMain.getByText(data.upcoming[0]?.name ?? '').first()).toBeVisible();
    else {
      await expect(tabMain.getByRole('heading', { level: 1 })).toHaveText(
        `${race.club.club_name} ${race.event.year} Results`,
      );
      await expect(tabMain.getByRole('row').filter({ hasText: race.racer.name }).first()).toBeVisible();
    }
    await expect(tab).not.toHaveURL(/\/maintenance$/);
    await tab.screenshot({ path: `test-results/maintenance-bypass-new-tab-${width}.png`, fullPage: true });
    expect(await sawMaintenance()).toBe(false);
    await tab.close();
  }
});
