import { expect, logInWithModal, registerUser, test } from './fixtures.ts';

/** Inactivity logout (doc 1 §4, §9): warning at 24 minutes with a 60-second countdown, logout
 * at 25 minutes; 'Stay Logged In' and user activity restart the timers. The page clock drives
 * the timers; the server keeps real time. */

test.beforeEach(async ({ page, request }) => {
  const user = await registerUser(request);
  await page.clock.install();
  await page.goto('/');
  await logInWithModal(page, user);
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
});

test('after 24 idle minutes a warning counts down; at 25 minutes the user is logged out', async ({ page }) => {
  await page.clock.fastForward('23:50');
  await expect(page.getByRole('dialog', { name: 'Session timeout' })).toHaveCount(0);

  await page.clock.fastForward('00:15');
  const warning = page.getByRole('dialog', { name: 'Session timeout' });
  await expect(warning).toBeVisible();
  await expect(warning.getByTestId('session-countdown')).toHaveText('60');
  await expect(warning.getByRole('button', { name: 'Stay Logged In' })).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Log Out' })).toBeVisible();

  // the countdown is live
  await page.clock.runFor(5000);
  await expect(warning.getByTestId('session-countdown')).toHaveText('55');

  await page.clock.fastForward('01:00');
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('profile'))).toContain('"isLoggedIn":false');
});

test("'Stay Logged In' refreshes the session and restarts the timers", async ({ page }) => {
  await page.clock.fastForward('24:00');
  const warning = page.getByRole('dialog', { name: 'Session timeout' });
  await expect(warning).toBeVisible();

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/token/refresh/') && r.ok());
  await warning.getByRole('button', { name: 'Stay Logged In' }).click();
  await refreshed;
  await expect(warning).toBeHidden();

  // well past the old deadline, still logged in
  await page.clock.fastForward('02:00');
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(warning).toHaveCount(0);

  // and the warning comes again 24 minutes after the restart
  await page.clock.fastForward('22:10');
  await expect(warning).toBeVisible();
});

test('user activity resets the timers', async ({ page }) => {
  await page.clock.fastForward('20:00');
  await page.mouse.move(200, 300);
  await page.mouse.move(220, 320);
  await page.clock.fastForward('20:00');
  // 40 minutes since login, 20 since the last activity: no warning, still logged in
  await expect(page.getByRole('dialog', { name: 'Session timeout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();

  await page.clock.fastForward('04:10');
  await expect(page.getByRole('dialog', { name: 'Session timeout' })).toBeVisible();
});

test("'Log Out' in the warning logs out at once", async ({ page }) => {
  await page.clock.fastForward('24:00');
  const warning = page.getByRole('dialog', { name: 'Session timeout' });
  await warning.getByRole('button', { name: 'Log Out' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
});
