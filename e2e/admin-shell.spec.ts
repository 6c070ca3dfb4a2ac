import type { Browser } from '@playwright/test';
import { DEMO, expect, openAdmin, openAdminOnPhone, setMaintenance, test } from './fixtures.ts';

/** The admin shell (doc 2 §2, §4): the side menu by admin level, panels, the maintenance panel. */

const ALL_ADMINS = [
  'Bookings',
  'Users',
  'Confirm Racers',
  'Link Requests',
  'Booked Participants',
  'Start Lists',
  'Orders & Payments',
  'Edit Content',
  'Edit Document Content',
  'Team Members',
  'Edit FAQs',
  'Edit Governance',
  'Messages',
  'Mail',
  'Before Entries Open',
];
const SUPER_ONLY = ['Points', 'Team Groupings', 'Maintenance Mode', 'Site Health', 'Security Log'];

test('a club administrator sees the fifteen shared panels and none of the super-admin ones', async ({ page }) => {
  const menu = await openAdmin(page, DEMO.admin);
  // Messages carries its unread count when there is one
  await expect(menu.getByRole('button')).toHaveText(
    ALL_ADMINS.map((name) => (name === 'Messages' ? /^Messages\d*$/ : name)),
  );
  for (const name of SUPER_ONLY) await expect(menu.getByRole('button', { name })).toHaveCount(0);

  // bookings is the default panel
  await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
  await menu.getByRole('button', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search users' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

  // the footer is hidden on admin paths
  await expect(page.getByTestId('version')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('version')).toBeVisible();
});

test.describe('as the super administrator', () => {
  test.afterEach(async ({ request }) => {
    await setMaintenance(request, false);
  });

  test('sees all twenty panels', async ({ page }) => {
    const menu = await openAdmin(page, DEMO.superAdmin);
    const entries = menu.getByRole('button');
    await expect(entries).toHaveCount(20);
    for (const [i, name] of [...ALL_ADMINS, ...SUPER_ONLY].entries()) {
      await expect(entries.nth(i)).toHaveAccessibleName(name === 'Messages' ? /^Messages( \d+ unread)?$/ : name);
    }
    await menu.getByRole('button', { name: 'Points' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Points Calculations' })).toBeVisible();
  });

  test('switches maintenance mode on and off', async ({ page, browser }) => {
    const menu = await openAdmin(page, DEMO.superAdmin);
    await menu.getByRole('button', { name: 'Maintenance Mode' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Maintenance Mode' })).toBeVisible();
    await expect(page.getByTestId('maintenance-status')).toHaveText('Site Online');
    await expect(page.getByText(/regular users see a maintenance page/)).toBeVisible();
    await expect(page.getByText(/Only Super Administrators can bypass/)).toBeVisible();

    // enabling asks first; cancelling changes nothing
    await page.getByRole('button', { name: 'Enable Maintenance Mode' }).click();
    const confirm = page.getByRole('dialog', { name: 'Enable maintenance mode?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('maintenance-status')).toHaveText('Site Online');

    await page.getByRole('button', { name: 'Enable Maintenance Mode' }).click();
    await confirm.getByRole('button', { name: 'Enable' }).click();
    const result = page.getByText('Maintenance mode enabled successfully');
    await expect(result).toBeVisible();
    await expect(page.getByTestId('maintenance-status')).toHaveText('Site in Maintenance');
    // the super administrator stays in; a visitor meets the gate
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expectVisitorSees(browser, 'Site Under Maintenance');
    // the result message goes after 5 seconds
    await expect(result).toBeHidden({ timeout: 8000 });
    // Site Health says so too, while it lasts
    await menu.getByRole('button', { name: 'Site Health' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Maintenance mode is on' })).toContainText(
      'only super administrators see the site',
    );
    await menu.getByRole('button', { name: 'Maintenance Mode' }).click();

    await page.getByRole('button', { name: 'Disable Maintenance Mode' }).click();
    await expect(page.getByText('Maintenance mode disabled successfully')).toBeVisible();
    await expect(page.getByTestId('maintenance-status')).toHaveText('Site Online');
    await expectVisitorSees(browser, 'Race with Us!');
  });
});

test("a failed maintenance toggle shows the server's error, or Failed to toggle maintenance mode", async ({ page }) => {
  const menu = await openAdmin(page, DEMO.superAdmin);
  await menu.getByRole('button', { name: 'Maintenance Mode' }).click();
  await expect(page.getByTestId('maintenance-status')).toHaveText('Site Online');
  const toggle = page.getByRole('button', { name: 'Enable Maintenance Mode' });
  const confirm = page.getByRole('dialog', { name: 'Enable maintenance mode?' });

  // cancelling the confirmation returns focus to the toggle
  await toggle.focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(toggle).toBeFocused();

  const attempts: { answer: (route: import('@playwright/test').Route) => Promise<void>; shows: string }[] = [
    // a network failure: not the server's words
    { answer: (route) => route.abort('failed'), shows: 'Failed to toggle maintenance mode' },
    // a proxy's 502 page: not our server's JSON
    {
      answer: (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
      shows: 'Failed to toggle maintenance mode',
    },
    // our server's JSON error: its own text
    {
      answer: (route) =>
        route.fulfill({ status: 409, json: { error: 'Maintenance is being changed elsewhere.', code: 'CONFLICT' } }),
      shows: 'Maintenance is being changed elsewhere.',
    },
  ];
  for (const { answer, shows } of attempts) {
    await page.route('**/api/v1/maintenance/toggle/', answer);
    // the previous attempt's result has gone (it clears itself after 5 s; a new attempt clears it too)
    await toggle.click();
    await expect(confirm).toBeVisible();
    const answered = page
      .waitForEvent('requestfinished', (r) => r.url().includes('/maintenance/toggle/'))
      .catch(() => null);
    const failed = page
      .waitForEvent('requestfailed', (r) => r.url().includes('/maintenance/toggle/'))
      .catch(() => null);
    await confirm.getByRole('button', { name: 'Enable' }).click();
    // the toggle's call was made and answered (or failed) before its result is looked for
    await Promise.race([answered, failed]);
    const result = page.getByRole('main').getByRole('alert').filter({ hasNotText: 'How maintenance mode works' });
    await expect(result).toHaveText(shows);
    await expect(page.getByTestId('maintenance-status')).toHaveText('Site Online');
    // focus is back on the toggle, which is ready again
    await expect(toggle).toBeFocused();
    await page.unroute('**/api/v1/maintenance/toggle/');
  }
});

async function expectVisitorSees(browser: Browser, text: string) {
  const visitor = await browser.newPage();
  // the server caches the status for up to 2 s
  await expect(async () => {
    await visitor.goto('/');
    await expect(visitor.getByText(text).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await visitor.close();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the panels are in the site menu (one menu button), which closes when an entry is chosen', async ({ page }) => {
    await openAdminOnPhone(page, DEMO.admin);

    // one menu button: the site's, whose menu holds the panels above the site's links
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
    const toggle = page.getByRole('button', { name: 'Open navigation menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog');
    const menu = drawer.getByRole('navigation', { name: 'Admin' });
    await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await menu.getByRole('button', { name: 'Link Requests' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Link Requests' })).toBeVisible();
  });
});
