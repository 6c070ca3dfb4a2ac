import { DEMO, expect, openAdmin, test } from './fixtures.ts';

/** Site health and the pre-flight check (issue 25). */

test('the super administrator sees the conditions, "Last backup: never", and runs the pre-flight check', async ({
  page,
}) => {
  const menu = await openAdmin(page, DEMO.superAdmin);
  await menu.getByRole('button', { name: 'Site Health' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Site health' })).toBeVisible();

  const conditions = page.getByRole('table', { name: 'Conditions' });
  for (const title of [
    'The database cannot be reached',
    'Disk full',
    'Mail keeps failing',
    'No recent backup',
    'A burst of server errors',
    'Card payment webhooks are not arriving',
    'The database is slow',
  ]) {
    await expect(conditions.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  }
  await expect(page.getByTestId('last-backup')).toHaveText('Last backup: never');
  // with no backup ever made the backup condition is a warning saying what to do, never "OK"
  await expect(conditions.getByRole('row', { name: /No recent backup/ }).getByRole('cell')).toHaveText([
    'No recent backup',
    'Warning',
    'No backup yet. Run npm run backup and schedule it daily: the alert is raised once the site has held data for a day.',
  ]);
  // the e2e server keeps its database in memory: nothing on disk to measure
  await expect(page.getByTestId('disk-space')).toHaveText(
    'Free space: not measured (the server keeps nothing on disk)',
  );
  // maintenance is off: nothing says it is on (admin-shell.spec.ts sees the alert while it is)
  await expect(page.getByText('Maintenance mode is on')).toHaveCount(0);

  await page.getByRole('button', { name: 'Run the pre-flight check' }).click();
  const lines = page.getByRole('list', { name: 'Pre-flight check' }).getByRole('listitem');
  await expect(lines).toHaveText([
    'Card payments (Stripe): Test mode: no Stripe keys, the demo provider stands in (no money moves).',
    'Wallet payments (PayPal): Test mode: no PayPal keys, the demo provider stands in (no money moves).',
    'Mail server: The mail server in SMTP_URL answered; mail goes from Piste <no-reply@localhost>.',
    'Backup: No backup in the last 24 hours (there has never been one): run npm run backup now, and schedule it daily.',
  ]);
  await expect(lines.nth(3).getByLabel('To fix')).toBeVisible();
  await expect(lines.nth(0).getByLabel('Fine')).toBeVisible();
});

test('a club administrator has no Site Health panel, and runs the pre-flight check for an event', async ({ page }) => {
  const menu = await openAdmin(page, DEMO.admin);
  await expect(menu.getByRole('button', { name: 'Site Health' })).toHaveCount(0);
  // nothing raised on this server: no banner
  await expect(page.getByTestId('health-banner-mail')).toHaveCount(0);
  await menu.getByRole('button', { name: 'Before Entries Open' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Before Entries Open' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Event (optional)' }).click();
  const first = page.getByRole('option').first();
  const label = (await first.textContent()) ?? '';
  const name = label.replace(/ \(\d{4}-\d\d-\d\d\)$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await first.click();
  await page.getByRole('button', { name: 'Run the pre-flight check' }).click();
  const lines = page.getByRole('list', { name: 'Pre-flight check' }).getByRole('listitem');
  await expect(lines).toHaveCount(7);
  await expect(lines.nth(4)).toContainText(`${name}: window:`);
  await expect(lines.nth(5)).toHaveText(
    new RegExp(
      `^${name}: places: (\\d+ places \\(\\d+ booked, \\d+ held, \\d+ left\\)\\.|The event has 0 places: set its number of places\\.)$`,
    ),
  );
  await expect(lines.nth(6)).toHaveText(
    new RegExp(`^${name}: price: (FREE|£\\d+\\.\\d\\d) per entry: check it is as intended\\.$`),
  );
});

/** The server's answer is stood in for: the e2e server's mail never fails (health.test.ts raises
 * and clears the alert for real). */
test('a raised "Mail keeps failing" is a banner at the top of the back office, leading to Site Health', async ({
  page,
}) => {
  await page.route('**/api/v1/admin/health/banners/', (route) =>
    route.fulfill({
      json: [
        {
          kind: 'mail',
          title: 'Mail keeps failing',
          detail: '2 e-mails failed 3 times or more (last error: EAUTH).',
          since: '2026-01-15T12:00:00.000Z',
        },
      ],
    }),
  );
  await openAdmin(page, DEMO.superAdmin);
  const banner = page.getByTestId('health-banner-mail');
  await expect(banner).toContainText('Mail keeps failing');
  await expect(banner).toContainText('Since 15 Jan 2026, 12:00: 2 e-mails failed 3 times or more (last error: EAUTH).');
  await banner.getByRole('button', { name: 'Open Site Health' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Site health' })).toBeVisible();
});
