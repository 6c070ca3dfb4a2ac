import { expect, mailbox, registerUser, test } from './fixtures.ts';

test.beforeEach(async ({ request }) => {
  await mailbox.clear(request);
});

test('a password-reset request sends a real e-mail whose link sets a new password', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await page.getByRole('dialog').getByText('Forgotten your password').click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel(/^Username/).fill(user.username);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText(/password reset link has been sent/)).toBeVisible();

  await expect.poll(async () => (await mailbox.messages(request)).length).toBe(1);
  const [mail] = await mailbox.messages(request);
  expect(mail?.to).toEqual([`${user.username}@example.com`]);
  const link = /http:\/\/127\.0\.0\.1:\d+(\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)/.exec(
    (mail?.raw ?? '').replace(/=\r?\n/g, ''),
  );
  expect(link).not.toBeNull();

  await page.goto(link?.[1] ?? '/');
  await page.getByLabel(/^New Password/).fill('Fresh#Powder9');
  await page.getByLabel(/^Confirm New Password/).fill('Fresh#Powder9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Your password has been successfully reset. You can now log in with your new password.'),
  ).toBeVisible();

  const login = await request.post('/api/v1/login/', { data: { username: user.username, password: 'Fresh#Powder9' } });
  expect(login.status()).toBe(200);
});
