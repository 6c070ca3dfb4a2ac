import type { Page } from '@playwright/test';
import { expect, registerUser, test } from './fixtures.ts';

/** Keyboard and screen-reader use of the shell (issue 6): the skip link, where focus goes when a
 * modal closes and after signing in or out, the Register modal's tab order, and event card
 * buttons named after their event. */

function main(page: Page) {
  return page.locator('main#main');
}

/** The element that has focus, as a short description ('BODY' when focus is lost). */
function focused(page: Page) {
  return page.evaluate(() => document.activeElement?.tagName ?? 'none');
}

test('a Skip to content link comes first, shows when focused and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  // visible on focus: a real box inside the viewport, not a 1 px clip
  const box = await skip.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(40);
  expect(box?.height ?? 0).toBeGreaterThan(16);
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);

  await page.keyboard.press('Enter');
  await expect(main(page)).toBeFocused();
  // the next Tab continues inside the page, not back in the navigation bar
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
});

test('closing the Log In, Register and reset-request modals returns focus to what opened them', async ({ page }) => {
  await page.goto('/');
  const logIn = page.getByRole('button', { name: 'Log In', exact: true });
  const register = page.getByRole('button', { name: 'Register', exact: true });

  // the first opening loads the modal's code: focus must come back then too
  await logIn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(logIn).toBeFocused();

  await register.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Register' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(register).toBeFocused();

  // from Log In to the reset request and closed there: back to Log In, which opened the first
  await logIn.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Forgotten your password' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset).toBeVisible();
  await reset.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(logIn).toBeFocused();
});

test('the Register modal starts with the Racer / Non-racer choice, before the name fields', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Register' });
  const choice = dialog.getByRole('radiogroup', { name: 'Are you registering as a racer?' });
  await expect(choice.getByRole('radio', { name: 'Non-racer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^First Name/)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(choice.getByRole('radio', { name: 'Non-racer' })).toBeFocused();
  // arrow keys change the choice, and the racer fields follow it
  await page.keyboard.press('ArrowLeft');
  await expect(choice.getByRole('radio', { name: 'Racer', exact: true })).toBeChecked();
  await expect(dialog.getByRole('heading', { name: 'Racer details' })).toBeVisible();
});

test('after signing in and after logging out, focus is in the main content, never lost', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel(/^Password/).fill(user.password);
  await dialog.getByLabel(/^Password/).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(main(page)).toBeFocused();

  // Logout from the account menu, by keyboard
  const account = page.getByRole('button', { name: `Account menu for ${user.username}` });
  await account.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Logout' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(main(page)).toBeFocused();
  // and it stays there (nothing later drops it on the page body)
  await page.waitForTimeout(300);
  expect(await focused(page)).toBe('MAIN');
});

test('event card buttons are named after their event', async ({ page }) => {
  await page.goto('/booking');
  const hemel = page.getByRole('article', { name: 'Hemel Open Slalom' });
  const enter = hemel.getByRole('button', { name: 'Enter Hemel Open Slalom', exact: true });
  await expect(enter).toBeVisible();

  const free = page.getByRole('article', { name: 'Norfolk Fun Race' });
  await expect(free.getByRole('button', { name: 'Book Norfolk Fun Race', exact: true })).toBeVisible();

  const flip = hemel.getByRole('button', { name: 'Details of Hemel Open Slalom', exact: true });
  await flip.click();
  const tabs = hemel.getByRole('tablist', { name: 'Documents for Hemel Open Slalom' });
  await tabs.getByRole('tab', { name: 'Entry Information' }).click();
  const open = hemel.getByRole('link', { name: 'Open Entry Information for Hemel Open Slalom', exact: true });
  await expect(open).toBeVisible();
});
