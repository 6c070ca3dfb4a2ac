import type { APIRequestContext } from '@playwright/test';
import { expect, mailbox, registerUser, test } from './fixtures.ts';

const DEAD_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** Asks for a reset link for `username` through the API; the path of the link its e-mail holds. */
async function resetLinkFor(request: APIRequestContext, username: string): Promise<string> {
  expect((await request.post('/api/v1/password-reset-request/', { data: { username } })).status()).toBe(200);
  let path = '';
  await expect
    .poll(async () => {
      const mail = (await mailbox.messages(request)).find((m) => m.to.includes(`${username}@example.com`));
      path = /\/reset-password\/[\w-]+\/[\w-]+/.exec(mailbox.text(mail))?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

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

  test('a good link shows the form, which checks both fields; a link spent meanwhile says so on sending', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const link = await resetLinkFor(request, user.username);
    await page.goto(link);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Please enter a new password')).toBeVisible();
    await expect(page.getByText('Please confirm your new password')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toBeFocused();

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh#Powder77');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Fresh#Powder78');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // the link is used elsewhere (another tab) while this form is open
    const [, uidb64, token] = link.split('/').filter(Boolean);
    const spent = await request.post('/api/v1/password-reset-confirm/', {
      data: { uidb64, token, new_password: 'Other#Powder55' },
    });
    expect(spent.status()).toBe(200);
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Fresh#Powder77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByTestId('reset-error')).toContainText(DEAD_LINK);
    await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toHaveValue('Fresh#Powder77');
  });

  test('a dead link says so at once, with the way to ask for a new one, and no password form', async ({ page }) => {
    await page.goto('/reset-password/MQ/not-a-real-token');
    await expect(page.getByTestId('reset-error')).toHaveText(DEAD_LINK);
    await expect(page.getByLabel(/^New Password/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' }).getByLabel(/^Username/)).toBeVisible();
  });
});
