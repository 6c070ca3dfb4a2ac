import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, logInOnPhone, registerUser, test, uniqueSurname } from './fixtures.ts';

/**
 * Members' data rights (issue 27): on a phone, a parent downloads everything held about their
 * account (JSON and CSV) from My Profile → Your Data, then deletes the account: a wrong password
 * is said beside the field, the right one asks for confirmation, and the account is gone.
 */
test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('a parent on a phone downloads their data and deletes their account', async ({ page, request }) => {
  const surname = uniqueSurname('Gdpr');
  const parent = await registerUser(request, { first_name: 'Dana', last_name: surname });

  await page.goto('/');
  await logInOnPhone(page, parent);
  await page.goto('/profile?tab=data');
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();

  const json = await download(page, 'Download (JSON)');
  expect(json.name).toMatch(new RegExp(`^piste-data-${parent.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(json.text) as {
    account: { username: string };
    sections: Record<string, Record<string, unknown>[]>;
  };
  expect(data.account.username).toBe(parent.username);
  expect(data.sections.users?.[0]).toMatchObject({ username: parent.username, first_name: 'Dana', last_name: surname });
  expect(data.sections.profiles).toHaveLength(1);
  expect(json.text).not.toContain('password_hash');

  const csv = await download(page, 'Download (CSV)');
  expect(csv.name).toMatch(/\.csv$/);
  const lines = csv.text.split('\r\n');
  expect(lines[0]).toBe('section,row,field,value');
  expect(lines).toContain(`users,1,last_name,${surname}`);

  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(serious).toEqual([]);

  // what stays and what goes is said before anything is asked
  await expect(page.getByText('Your race results stay as “Deleted racer #n”')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Wrong#Password9');
  await page.getByRole('tabpanel', { name: 'Your Data' }).getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your password is not correct.')).toBeVisible();
  await expect(password).toHaveValue('Wrong#Password9');

  await expect(confirm).toBeHidden();
  await password.fill(parent.password);
  await page.getByRole('tabpanel', { name: 'Your Data' }).getByRole('button', { name: 'Delete my account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Log In', exact: true })).toBeVisible();

  // the old sign-in no longer works
  const again = await request.post('/api/v1/login/', {
    data: { username: parent.username, password: parent.password },
  });
  expect(again.status()).toBe(401);
});

test("a child's download holds none of the parent's messages when they share an e-mail address", async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Shared');
  const shared = `${surname.toLowerCase()}.family@example.com`;
  const register = (first: string) => registerUser(request, { first_name: first, last_name: surname }, shared);
  await register('Paula'); // the parent, first to register with the address
  const child = await register('Kit');
  const sent = await request.post('/api/v1/contact/', {
    data: { 'first-name': 'Paula', 'last-name': surname, email: shared, message: `Paula ${surname} asks about Hemel` },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // the parent's own download holds it: src/server/accounts/data-export.test.ts
  await page.goto('/');
  await logInOnPhone(page, child);
  await page.goto('/profile?tab=data');
  const json = await download(page, 'Download (JSON)');
  expect(JSON.parse(json.text).account.username).toBe(child.username);
  expect(json.text).not.toContain(`Paula ${surname} asks about Hemel`);
});
