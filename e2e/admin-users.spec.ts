import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO, expect, logInWithModal, registerUser, test, uniqueSurname, uniqueUsername } from './fixtures.ts';

/**
 * Users (doc 2 §2, §4, §5, §8, §9): an administrator finds a member, creates a user, edits one,
 * archives and restores, and downloads users.csv; a super administrator sees the admin-level
 * control, an ordinary administrator does not. Every run makes its own people with a surname no
 * other run has.
 */

async function openUsers(page: Page, who: { username: string; password: string } = DEMO.admin): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, who);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
}

const searchFor = (page: Page, text: string) => page.getByRole('textbox', { name: 'Search users' }).fill(text);
const rowsOf = (page: Page) => page.getByRole('table', { name: 'Users' }).getByRole('row');

test('an administrator searches, creates, edits, archives and restores users', async ({ page, request }) => {
  const surname = uniqueSurname('Us');
  const member = await registerUser(request, { first_name: 'Mo', last_name: surname });
  await openUsers(page);
  await searchFor(page, surname);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await expect(rowsOf(page).filter({ hasText: member.username })).toContainText(`Mo ${surname}`);

  // create: doc 2's own checks first, and what was typed stays
  await page.getByRole('button', { name: 'Create User', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  const username = uniqueUsername('made');
  await create.getByLabel(/^First Name/).fill('Nia');
  await create.getByLabel(/^Last Name/).fill(surname);
  await create.getByLabel(/^Username/).fill('short');
  await create.getByLabel(/^Email/).fill(`${username}@example.com`);
  await create
    .getByLabel(/^Password/)
    .first()
    .fill('Snow#Slope42');
  await create.getByLabel(/^Confirm Password/).fill('Snow#Slope43');
  await create.getByRole('button', { name: 'Create User', exact: true }).click();
  await expect(
    create.getByText('Username must be at least 8 characters long and contain only alphanumeric characters'),
  ).toBeVisible();
  await expect(create.getByText('Passwords do not match')).toBeVisible();
  await expect(create.getByLabel(/^First Name/)).toHaveValue('Nia');
  await create.getByLabel(/^Username/).fill(username);
  await create.getByLabel(/^Confirm Password/).fill('Snow#Slope42');
  await create.getByLabel(/^Emergency Contact Name/).fill('Pat Morgan');
  await create.getByLabel(/^Emergency Contact Number/).fill('01234 567891');
  await create.getByRole('checkbox', { name: /accept/i }).check();
  await create.getByRole('button', { name: 'Create User', exact: true }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(page.getByTestId('user-count')).toHaveText('2 users');
  // the administrator is still signed in as themselves
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();

  // edit a name
  await rowsOf(page)
    .filter({ hasText: member.username })
    .getByRole('button', { name: `Edit Mo ${surname}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit Mo ${surname}` });
  await edit.getByLabel(/^First Name/).fill('Morgan');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(rowsOf(page).filter({ hasText: member.username })).toContainText(`Morgan ${surname}`);

  // archive, find under Archived users, restore
  await rowsOf(page)
    .filter({ hasText: member.username })
    .getByRole('button', { name: `Archive Morgan ${surname}` })
    .click();
  await page.getByRole('dialog', { name: 'Archive user' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('User restored or archived successfully')).toBeVisible();
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('archived');
  await expect(page.getByTestId('user-count')).toHaveText('1 archived user');
  await rowsOf(page)
    .filter({ hasText: member.username })
    .getByRole('button', { name: `Restore Morgan ${surname}` })
    .click();
  await page.getByRole('dialog', { name: 'Restore user' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('No archived users found').filter({ visible: true })).toBeVisible();
});

test('Archive is offered only where the server allows it, and a refusal shows the server’s reason', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Ar');
  const member = await registerUser(request, { first_name: 'Ari', last_name: surname });
  await openUsers(page);
  // the administrator's own row, and the super administrator's: Edit, no Archive
  await searchFor(page, DEMO.admin.username);
  const own = rowsOf(page).filter({ hasText: DEMO.admin.username });
  await expect(own.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Archive / })).toHaveCount(0);
  await searchFor(page, DEMO.superAdmin.username);
  const sup = rowsOf(page).filter({ hasText: DEMO.superAdmin.username });
  await expect(sup.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(sup.getByRole('button', { name: /^Archive / })).toHaveCount(0);
  // an ordinary member's row has Archive; when the server refuses, its reason is shown
  await searchFor(page, surname);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await page.route('**/api/v1/profiles/update/*/', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'You cannot archive your own account.', code: 'FORBIDDEN' }),
        })
      : route.fallback(),
  );
  await rowsOf(page)
    .filter({ hasText: member.username })
    .getByRole('button', { name: `Archive Ari ${surname}` })
    .click();
  await page.getByRole('dialog', { name: 'Archive user' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('You cannot archive your own account.')).toBeVisible();
  await expect(page.getByText('Failed to restore or archive user')).toHaveCount(0);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await page.screenshot({ path: 'test-results/users-archive-refused.png', fullPage: true });
});

test('users.csv downloads with the expected header and the rows of the search', async ({ page, request }) => {
  const surname = uniqueSurname('Csv');
  const member = await registerUser(request, { first_name: 'Cy', last_name: surname });
  await openUsers(page);
  await searchFor(page, surname);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.csv');
  await expect(page.getByText('CSV downloaded successfully!')).toBeVisible();
  const [header, row, ...rest] = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim()).data;
  expect(header?.slice(0, 5)).toEqual(['ERSA ID', 'Username', 'First name', 'Last name', 'Email']);
  expect(row?.slice(1, 4)).toEqual([member.username, 'Cy', surname]);
  expect(rest).toEqual([]);
});

test('the admin level control is for super administrators only; axe; cards on a phone', async ({ page, request }) => {
  const surname = uniqueSurname('Lv');
  await registerUser(request, { first_name: 'Lev', last_name: surname });
  await openUsers(page);
  await searchFor(page, surname);
  await rowsOf(page)
    .filter({ hasText: surname })
    .getByRole('button', { name: `Edit Lev ${surname}` })
    .click();
  await expect(page.getByRole('dialog', { name: `Edit Lev ${surname}` }).getByLabel('Admin level')).toHaveCount(0);
  await page
    .getByRole('dialog', { name: `Edit Lev ${surname}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/users-phone.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
  await openUsers(page, DEMO.superAdmin);
  await searchFor(page, surname);
  await rowsOf(page)
    .filter({ hasText: surname })
    .getByRole('button', { name: `Edit Lev ${surname}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit Lev ${surname}` });
  await edit.getByLabel('Admin level').selectOption('ADMIN');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
});
