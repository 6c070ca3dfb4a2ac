import { expect, registerUser, test } from './fixtures.ts';

test.describe('Log In modal', () => {
  test('a wrong password shows the message and clears the password, keeping the username', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await dialog.getByLabel('Password', { exact: true }).press('Enter');

    await expect(dialog.getByRole('alert')).toHaveText('Invalid username or password. Please try again.');
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByText('*Please enter your username')).toBeVisible();
    await expect(dialog.getByText('*Please enter your password')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  test('signs in with Enter and goes to the redirect target', async ({ page, request }) => {
    const user = await registerUser(request, { first_name: 'Morgan' });
    await page.goto('/?redirect=/profile');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByLabel('Password', { exact: true }).press('Enter');

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('links to Register and to the password reset request', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
    await expect(login).toBeHidden();

    await page.getByRole('dialog', { name: 'Register' }).getByRole('button', { name: 'Log In Now!' }).click();
    await expect(login).toBeVisible();
    await login.getByRole('button', { name: 'Forgotten your password' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
    await expect(login).toBeHidden();
  });
});
