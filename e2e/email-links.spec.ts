import { DEMO, expect, logInWithModal, registerUser, test } from './fixtures.ts';

/**
 * The links the e-mails carry into pages behind a login (payments/receipt.ts, refund-mails.ts,
 * people/link-requests.ts, operations/mails.ts), opened by someone signed out: home with the Log In
 * modal already open, and after logging in the page the link named.
 */

const LINKS = [
  { mail: 'See My Entries (receipt, refunds)', path: '/profile?tab=entries', heading: 'My Entries' },
  { mail: "the receipt's calendar link", path: '/profile?tab=calendar', heading: 'Calendar' },
  { mail: 'a link request', path: '/profile?tab=linked', heading: 'Linked Accounts' },
] as const;

for (const link of LINKS) {
  test(`${link.mail}: ${link.path} opened signed out reaches the page after signing in`, async ({ page, request }) => {
    const user = await registerUser(request);
    await page.goto(link.path);
    await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(link.path)}`);
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByText('Please log in to continue.')).toBeVisible();
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(link.path);
    await expect(page.getByRole('heading', { level: 2, name: link.heading, exact: true })).toBeVisible();
  });
}

test("a health alert's /admin link opened signed out reaches the back office after an administrator signs in", async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL('/?redirect=%2Fadmin');
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Username').fill(DEMO.admin.username);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await dialog.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});

test('closing the modal stays on home', async ({ page }) => {
  await page.goto('/profile?tab=entries');
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/?redirect=%2Fprofile%3Ftab%3Dentries');
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeVisible();
});

test('a signed-in parent following an /admin link goes home with no prompt', async ({ page, request }) => {
  await page.goto('/');
  await logInWithModal(page, await registerUser(request));
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
