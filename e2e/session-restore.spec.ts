import type { Page } from '@playwright/test';
import { DEMO, expect, logInWithModal, test } from './fixtures.ts';

/** A tab has its own session storage, so a new tab starts without an access token; the browser's
 * sign-in session (the refresh cookie) carries over, and the tab restores it silently. */

function watch(page: Page) {
  const seen = { refreshes: 0, unauthorised: [] as string[], consoleErrors: [] as string[] };
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/token/refresh/')) seen.refreshes += 1;
    if (res.status() === 401) seen.unauthorised.push(res.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text());
  });
  return seen;
}

test('a signed-in parent who opens Policies in a new tab is still signed in there', async ({ page, context }) => {
  await page.goto('/');
  await logInWithModal(page, DEMO.parent);
  await expect(page.getByRole('button', { name: `Account menu for ${DEMO.parent.username}` })).toBeVisible();

  const tab = await context.newPage();
  const seen = watch(tab);
  await tab.goto('/policies');
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tab.getByRole('button', { name: `Account menu for ${DEMO.parent.username}` })).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  expect(seen.refreshes).toBe(1);
  expect(seen.unauthorised).toEqual([]);

  // My Profile opens in the new tab without signing in again
  await tab.goto('/profile');
  await expect(tab).toHaveURL(/\/profile$/);
});

test('an anonymous visitor’s first page makes no refresh call and logs no 401', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Race with Us!' })).toBeVisible();
  await page.goto('/booking');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen.refreshes).toBe(0);
  expect(seen.unauthorised).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test('after logout a new tab stays logged out, without a failing refresh', async ({ page, context }) => {
  await page.goto('/');
  await logInWithModal(page, DEMO.parent);
  await page.getByRole('button', { name: `Account menu for ${DEMO.parent.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();

  const tab = await context.newPage();
  const seen = watch(tab);
  await tab.goto('/');
  await expect(tab.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
  expect(seen.refreshes).toBe(0);
  expect(seen.unauthorised).toEqual([]);
});
