import type { Page } from '@playwright/test';
import { DEMO, expect, logInWithModal, setMaintenance, test } from './fixtures.ts';

/** The maintenance gate (doc 1 §2, §4, §8). Each test switches maintenance off again afterwards,
 * whatever happened, so other tests find the site open. */
test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

async function signInAtGate(page: Page, user: { username: string; password: string }) {
  await page.getByRole('button', { name: 'Administrator sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Administrator Sign In' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel(/^Password/).fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

test('visitors meet the gate; a club admin is refused; the super administrator bypasses', async ({ page, request }) => {
  await setMaintenance(request, true);

  await page.goto('/');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Under Maintenance' })).toBeVisible();
  await expect(page.getByText(/essential updates/)).toBeVisible();
  await expect(page.getByText(/back shortly/)).toBeVisible();
  // the site itself is not shown
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.goto('/booking');
  await expect(page).toHaveURL(/\/maintenance$/);

  // a wrong password shows the server's message
  let dialog = await signInAtGate(page, { username: DEMO.superAdmin.username, password: 'Not#ThePassword1' });
  await expect(dialog.getByRole('alert')).toHaveText('Invalid username or password, please try again.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // an administrator who is not super is logged out again
  dialog = await signInAtGate(page, DEMO.admin);
  await expect(dialog.getByText('Only Super Administrators can access the site during maintenance.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(await page.evaluate(() => sessionStorage.getItem('profile'))).toContain('"isLoggedIn":false');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Bypass maintenance' })).toHaveCount(0);

  // the super administrator signs in and bypasses to home
  dialog = await signInAtGate(page, DEMO.superAdmin);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You are signed in as a Super Administrator.')).toBeVisible();
  await page.getByRole('button', { name: 'Bypass maintenance' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Race with Us!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // other pages open for the super administrator too
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Booking' }).click();
  await expect(page).toHaveURL(/\/booking$/);
});

test('an administrator signed in before maintenance cannot bypass it', async ({ page, request }) => {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await setMaintenance(request, true);

  await page.goto('/');
  await expect(page).toHaveURL(/\/maintenance$/);
  await page.getByRole('button', { name: 'Bypass maintenance' }).click();
  const refusal = page.getByText('Only Super Administrators can bypass maintenance mode.');
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/maintenance$/);
  // the refusal shows for 3 seconds
  await expect(refusal).toBeHidden({ timeout: 5000 });
});

test('the maintenance page sends visitors home when the site is open', async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Race with Us!' })).toBeVisible();
});

test('an open page of a signed-in parent moves to the maintenance page within 10 s, without a reload', async ({
  page,
  request,
}) => {
  await page.goto('/booking');
  await logInWithModal(page, DEMO.parent);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // a mark in the page's window: a reload would lose it
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await setMaintenance(request, true);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Under Maintenance' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText(/essential updates/)).toBeVisible();
  await page.screenshot({ path: 'test-results/maintenance-poll-parent.png', fullPage: true });
  // and back to the page when maintenance ends
  await setMaintenance(request, false);
  await expect(page).toHaveURL(/\/booking$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Site Under Maintenance' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload').toBe(true);
});
