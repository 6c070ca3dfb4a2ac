import { expect, registerUser, test } from './fixtures.ts';

test.describe('Password reset', () => {
  test('the request modal needs a username, then confirms the request', async ({ page, request }) => {
    const user = await registerUser(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Forgotten your password' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Please enter your username')).toBeVisible();

    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'If an account with that username exists, a password reset link has been sent to its e-mail address.',
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  test('the reset page checks both fields before sending', async ({ page }) => {
    await page.goto('/reset-password/MQ/not-a-real-token');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Please enter a new password')).toBeVisible();
    await expect(page.getByText('Please confirm your new password')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toBeFocused();

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh#Powder77');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Fresh#Powder78');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('an invalid link shows the server message', async ({ page }) => {
    await page.goto('/reset-password/MQ/not-a-real-token');
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh#Powder77');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Fresh#Powder77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const error = page.getByTestId('reset-error');
    await expect(error).toContainText('This password reset link is invalid or has expired. Please request a new one.');
    await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toHaveValue('Fresh#Powder77');

    await error.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  });
});
