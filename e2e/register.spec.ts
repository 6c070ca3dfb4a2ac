import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueUsername } from './fixtures.ts';

const PASSWORD = 'Snow#Slope42';

async function openRegister(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills every required field of a racer, as a new user would. */
async function fillRacer(dialog: Locator, username: string): Promise<void> {
  await dialog.getByText('Racer', { exact: true }).click();
  await dialog.getByLabel('First Name').fill('alex');
  await dialog.getByLabel('Last Name').fill('Turner');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
  const dob = dialog.getByRole('group', { name: 'Date of Birth' });
  await dob.getByLabel('Day').selectOption('14');
  await dob.getByLabel('Month').selectOption({ label: 'March' });
  await dob.getByLabel('Year').selectOption(String(new Date().getFullYear() - 12));
  await dialog.getByLabel('Gender').selectOption('FEMALE');
  await dialog.getByLabel('Ski or Snowboard').selectOption('SKI');
  await dialog.getByLabel('Local Club').selectOption({ label: 'Hemel Ski Race Club' });
  await dialog.getByLabel('Emergency Contact Name').fill('Pat Turner');
  await dialog.getByLabel('Emergency Contact Number').fill('01234 567891');
  await dialog.getByLabel(/^I accept the \w+ policies/).check();
}

test.describe('Registration', () => {
  test('a new racer registers through the navbar and is signed in', async ({ page }) => {
    const dialog = await openRegister(page);
    await fillRacer(dialog, uniqueUsername('racer'));
    await dialog.getByLabel('I give permission to be photographed at events').check();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Welcome, Alex!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My Profile' }).first()).toBeVisible();
  });

  test('the empty form shows the messages and focuses the first invalid field', async ({ page }) => {
    const dialog = await openRegister(page);
    await dialog.getByText('Racer', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(dialog.getByLabel('First Name')).toBeFocused();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
      'Please enter a valid email address (max 254 characters)',
      'Date of birth is required for racers',
      'Gender is required for racers',
      'Ski or Snowboard selection is required for racers',
      'Local club is required for racers',
      'Please provide both first and last name for emergency contact',
      'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText(/^You must accept the \w+ policies to register$/)).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

    // a later field alone: the page scrolls to it and focuses it
    await dialog.getByLabel('First Name').fill('Alex');
    await dialog.getByLabel('Last Name').fill('Turner');
    await dialog.getByLabel('Username').fill('alexturner1');
    await dialog.getByLabel('Email').fill('alex@example.com');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  });

  test('a too-short password shows the rule and the unticked checklist items', async ({ page }) => {
    const dialog = await openRegister(page);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Ab1!');
    const checklist = dialog.getByTestId('password-checklist');
    await expect(checklist.locator('li', { hasText: '8-20 characters' })).toHaveAttribute('data-met', 'false');
    await expect(checklist.locator('li', { hasText: 'At least one uppercase letter' })).toHaveAttribute(
      'data-met',
      'true',
    );
    await expect(checklist.getByTestId('password-strength')).toHaveText('Strong');

    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(
      dialog.getByText(
        'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character',
      ),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Ab1!x');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Ab1!abcd');
    await expect(checklist.locator('li[data-met="false"]')).toHaveCount(0);
    await expect(checklist.getByTestId('password-strength')).toHaveText('Very Strong');
  });

  test('a taken username is shown beside the field and what was typed is kept', async ({ page }) => {
    const dialog = await openRegister(page);
    await fillRacer(dialog, 'sarahjones');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByText('A user with that username already exists.')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await expect(dialog.getByLabel('First Name')).toHaveValue('alex');
    await expect(dialog.getByRole('group', { name: 'Date of Birth' }).getByLabel('Day')).toHaveValue('14');
  });

  test('Register & Add Another User clears the form and explains linking', async ({ page }) => {
    const dialog = await openRegister(page);
    await fillRacer(dialog, uniqueUsername('child'));
    await dialog.getByRole('button', { name: 'Register & Add Another User' }).click();

    await expect(page.getByText(/Account created\. To link accounts into a family/)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toHaveValue('');
    await expect(dialog.getByLabel('Username')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
  });

  test('a non-racer does not see the racer fields', async ({ page }) => {
    const dialog = await openRegister(page);
    await dialog.getByText('Non-racer', { exact: true }).click();
    await expect(dialog.getByRole('group', { name: 'Date of Birth' })).toHaveCount(0);
    await expect(dialog.getByLabel('Local Club')).toHaveCount(0);
    await dialog.getByText('Racer', { exact: true }).click();
    await dialog.getByLabel('Local Club').selectOption('OTHER');
    await expect(dialog.getByLabel('Other Club')).toBeVisible();
  });

  test('the form with its errors has labelled, announced fields (axe)', async ({ page }) => {
    const dialog = await openRegister(page);
    await dialog.getByText('Racer', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByText('Gender is required for racers')).toBeVisible();
    // Colours come from the shared theme; Mantine renders the modal header as <header>.
    const result = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .disableRules(['color-contrast', 'landmark-no-duplicate-banner'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the modal fills the screen and a racer can register', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.getByRole('button', { name: 'Register' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register' });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(375);

      await fillRacer(dialog, uniqueUsername('phone'));
      await dialog.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Welcome, Alex!')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
