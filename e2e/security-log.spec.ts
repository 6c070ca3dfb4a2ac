import type { APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, expect, mailbox, openAdmin, openAdminOnPhone, registerUser, test } from './fixtures.ts';
import { axeProblems } from './security-fixtures.ts';

/**
 * The security log in the back office (issue 37, docs/decisions/0063-security-log.md): the super
 * administrator reads the account-security events — here a parent's password reset the test makes
 * just before, from 127.0.0.1 — and filters them by username and kind, on a desk and on a phone
 * (axe clean on both); an ordinary administrator has no such panel.
 */

const SHOTS = 'test-results/security-log';

/** A parent, registered, whose password is then reset through the API with the link from the
 * e-mail that arrived: the security log's newest 'Password reset', from 127.0.0.1. */
async function parentWithReset(request: APIRequestContext): Promise<string> {
  const { username } = await registerUser(request);
  const sent = await request.post('/api/v1/password-reset-request/', { data: { username } });
  expect(sent.status()).toBe(200);
  let link: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const mail = (await mailbox.messages(request)).find((m) => m.to.includes(`${username}@example.com`));
      link = /\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec((mail?.raw ?? '').replace(/=\r?\n/g, ''));
      return link !== null;
    })
    .toBe(true);
  const [, uidb64, token] = link as unknown as RegExpExecArray;
  const done = await request.post('/api/v1/password-reset-confirm/', {
    data: { uidb64, token, new_password: 'Fresh#Powder9' },
  });
  expect(done.status(), await done.text()).toBe(200);
  return username;
}

const TABLE = 'Security events, newest first (times in London)';

test('the super administrator reads the security log and filters it by username and kind', async ({
  page,
  request,
}) => {
  const username = await parentWithReset(request);
  const menu = await openAdmin(page, DEMO.superAdmin);
  await menu.getByRole('button', { name: 'Security Log' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Security Log' })).toBeVisible();
  await expect(page.getByText('Account-security events are kept for 12 months, then removed.')).toBeVisible();

  // the newest event is the reset just made: when, whose, what, from where
  const table = page.getByRole('table', { name: TABLE });
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByRole('rowheader')).toHaveText(username);
  await expect(newest.getByRole('cell')).toHaveText([
    /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2}$/,
    'Password reset',
    '127.0.0.1',
    'reset with an e-mailed link',
  ]);

  // by username (exact, any case): only that account's rows
  await page.getByRole('textbox', { name: 'Username' }).fill(username.toUpperCase());
  await expect(page.getByTestId('security-log-count')).toHaveText('1 event');
  await expect(table.getByRole('rowheader')).toHaveText([username]);
  // and by kind: none of its sign-ins were refused
  const kind = page.getByRole('combobox', { name: 'What' });
  await kind.selectOption({ label: 'Sign-in refused by a limit' });
  await expect(page.getByTestId('security-log-count')).toHaveText('0 events');
  await expect(table.getByText('No security events in the last 12 months.')).toBeVisible();
  await kind.selectOption({ label: 'Password reset' });
  await expect(table.getByRole('rowheader')).toHaveText([username]);

  expect(await axeProblems(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/security-log-1280.png`, fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('one card per event, nothing wider than the screen', async ({ page, request }) => {
    const username = await parentWithReset(request);
    await openAdminOnPhone(page, DEMO.superAdmin);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page
      .getByRole('dialog')
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Security Log' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Security Log' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    const cards = page.getByRole('list', { name: 'Security events, newest first' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Password reset');
    await expect(cards.first()).toContainText(`Account${username}`);
    await expect(cards.first()).toContainText('Address127.0.0.1');
    await expect(page.getByRole('table', { name: TABLE })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/security-log-375.png`, fullPage: true });
  });
});

test('an ordinary administrator has no Security Log, and its address refuses them', async ({ page, request }) => {
  const menu = await openAdmin(page, DEMO.admin);
  await expect(menu.getByRole('button', { name: 'Site Health' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Security Log' })).toHaveCount(0);
  const access = await apiToken(request, DEMO.admin);
  const res = await request.get('/api/v1/admin/security-log/', { headers: { authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(403);
});
