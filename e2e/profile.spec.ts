import type { Page } from '@playwright/test';
import { expect, logInWithModal, type NewUser, registerUser, test } from './fixtures.ts';

async function openProfile(page: Page, user: NewUser): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, user);
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
}

test.describe('My Profile', () => {
  test('edits the contact number, saves, and the change survives a reload', async ({ page, request }) => {
    const user = await registerUser(request, { first_name: 'Jamie', last_name: 'Cole' });
    await openProfile(page, user);

    await expect(page.getByTestId('profile-first-name')).toHaveText('Jamie');
    await expect(page.getByTestId('profile-racer')).toHaveText('No');
    const contact = page.getByLabel('Contact Number', { exact: true });
    await contact.fill('01234 654321');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Contact Number', { exact: true })).toHaveValue('01234 654321');
  });

  test('an invalid e-mail is shown beside the field and not saved', async ({ page, request }) => {
    const user = await registerUser(request);
    await openProfile(page, user);

    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid email address (max 254 characters)')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText('Please correct the errors in the form')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Email')).toHaveValue(`${user.username}@example.com`);
  });

  test('logging out from My Profile makes no call that fails and logs no error', async ({ page, request }) => {
    const user = await registerUser(request);
    await openProfile(page, user);
    await expect(page.getByTestId('profile-username')).toHaveText(user.username);

    const failed: string[] = [];
    const errors: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    page.on('requestfailed', (req) => failed.push(`failed ${req.method()} ${req.url()}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });

    await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the side menu shows Linked Accounts and Change Password', async ({ page, request }) => {
    const user = await registerUser(request);
    await openProfile(page, user);
    await page.getByRole('tab', { name: 'Linked Accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Linked Accounts' })).toBeVisible();
    await expect(page.getByText('No linked accounts yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('change password: a wrong current password is refused', async ({ page, request }) => {
    const user = await registerUser(request);
    await openProfile(page, user);
    await page.getByRole('tab', { name: 'Change Password' }).click();

    await page.getByRole('textbox', { name: 'Current Password' }).fill('Not#MyPassword9');
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh#Powder77');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Fresh#Powder77');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Current Password' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('change password: success signs the user out and the new password works', async ({ page, request }) => {
    const user = await registerUser(request);
    await openProfile(page, user);
    await page.getByRole('tab', { name: 'Change Password' }).click();

    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();

    const fresh = 'Fresh#Powder77';
    await page.getByRole('textbox', { name: 'Current Password' }).fill(user.password);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(fresh);
    await expect(page.getByTestId('password-strength')).toHaveText('Very Strong');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(fresh);
    await page.getByRole('button', { name: 'Change Password' }).click();

    await expect(page.getByText(/Your password has been changed successfully/)).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await expect(login).toBeVisible();
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password', { exact: true }).fill(fresh);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });
});
