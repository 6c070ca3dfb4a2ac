import type { Page } from '@playwright/test';
import { formatEventDate, londonToday } from '../src/domain/dates.ts';
import { apiToken, DEMO, expect, logInWithModal, type NewUser, registerUser, test } from './fixtures.ts';

/**
 * Families by link request (doc 1 §4, doc 2 §4): a parent asks to link a child's account from
 * Linked Accounts, an administrator approves, and the parent sees the child in their family; a
 * request still waiting can be cancelled by its maker or rejected by the account it names.
 */

async function openLinkedAccounts(page: Page, user: NewUser): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, user);
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await page.getByRole('tab', { name: 'Linked Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Linked Accounts' })).toBeVisible();
}

test('a parent asks to link a child’s account; once an administrator approves, the child is in the family', async ({
  page,
  request,
}) => {
  const parent = await registerUser(request, { first_name: 'Pat', last_name: 'Parent' });
  const child = await registerUser(request, { first_name: 'Charlie', last_name: 'Child' });
  await openLinkedAccounts(page, parent);
  // the rest on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('No linked accounts yet.')).toBeVisible();
  await expect(page.getByText('No link requests yet.')).toBeVisible();

  // a wrong username is refused beside the field and what was typed stays
  const field = page.getByRole('textbox', { name: 'Username' });
  await field.fill('nobody-by-this-name');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('No account has that username.')).toBeVisible();
  await expect(field).toHaveValue('nobody-by-this-name');

  await field.fill(child.username.toUpperCase());
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(
    page.getByText(`Link request sent to ${child.username}. An administrator will review it.`),
  ).toBeVisible();
  await expect(field).toHaveValue('');
  const row = page.getByRole('listitem').filter({ hasText: `You asked to link with ${child.username}` });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel link request to ${child.username}` })).toBeVisible();

  // an administrator approves it
  const admin = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const list = await request.get(`/api/v1/admin/link-requests/?search=${encodeURIComponent(parent.username)}`, {
    headers: admin,
  });
  const [pending] = (await list.json()).results as { id: number }[];
  expect(pending).toBeDefined();
  const decided = await request.post(`/api/v1/admin/link-requests/${pending?.id}/`, {
    headers: admin,
    data: { action: 'approve' },
  });
  expect(decided.status()).toBe(200);

  await page.reload();
  await page.getByRole('tab', { name: 'Linked Accounts' }).click();
  const family = page.getByRole('region', { name: 'Your family' });
  await expect(family.getByText(`Charlie Child (${child.username})`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: child.username }).getByText('Approved')).toBeVisible();
  await family.getByRole('button', { name: 'View details of Charlie Child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Linked account' });
  await expect(dialog.getByText('Charlie Child')).toBeVisible();
  await expect(dialog.getByText(child.username)).toBeVisible();
  await page.screenshot({ path: 'test-results/linked-accounts-phone.png', fullPage: true });
});

test('a request still waiting: its maker cancels it, or the account named rejects it', async ({ page, request }) => {
  const parent = await registerUser(request);
  const child = await registerUser(request);
  const other = await registerUser(request);
  const signIn = (u: NewUser) => apiToken(request, { username: u.username, password: u.password });
  const asParent = { authorization: `Bearer ${await signIn(parent)}` };
  const asOther = { authorization: `Bearer ${await signIn(other)}` };
  expect(
    (
      await request.post('/api/v1/link-request/', { headers: asParent, data: { target_user: child.username } })
    ).status(),
  ).toBe(201);
  expect(
    (await request.post('/api/v1/link-request/', { headers: asOther, data: { target_user: child.username } })).status(),
  ).toBe(201);

  // the child rejects the stranger's request
  await openLinkedAccounts(page, child);
  const fromOther = page.getByRole('listitem').filter({ hasText: `${other.username} asked to link with you` });
  await fromOther.getByRole('button', { name: `Reject link request from ${other.username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Link request rejected.')).toBeVisible();
  await expect(fromOther.getByText('Rejected')).toBeVisible();
  // the child cannot cancel the parent's request, only reject it
  const fromParent = page.getByRole('listitem').filter({ hasText: `${parent.username} asked to link with you` });
  await expect(fromParent.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();

  // the parent cancels their own
  await openLinkedAccounts(page, parent);
  const mine = page.getByRole('listitem').filter({ hasText: `You asked to link with ${child.username}` });
  await mine.getByRole('button', { name: `Cancel link request to ${child.username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Link request cancelled.')).toBeVisible();
  await expect(page.getByText('No link requests yet.')).toBeVisible();
});

test('a member leaves their family after a confirmation; the other account no longer lists them', async ({
  page,
  request,
}) => {
  const parent = await registerUser(request, { first_name: 'Lee', last_name: 'Leaver' });
  const child = await registerUser(request, { first_name: 'Kit', last_name: 'Kept' });
  const asParent = {
    authorization: `Bearer ${await apiToken(request, { username: parent.username, password: parent.password })}`,
  };
  const made = await request.post('/api/v1/link-request/', {
    headers: asParent,
    data: { target_user: child.username },
  });
  expect(made.status()).toBe(201);
  const admin = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const approved = await request.post(`/api/v1/admin/link-requests/${(await made.json()).id}/`, {
    headers: admin,
    data: { action: 'approve' },
  });
  expect(approved.status()).toBe(200);

  await openLinkedAccounts(page, parent);
  await page.setViewportSize({ width: 390, height: 844 });
  const family = page.getByRole('region', { name: 'Your family' });
  await expect(family.getByText(`Kit Kept (${child.username})`)).toBeVisible();
  await family.getByRole('button', { name: 'Leave family' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave your family' });
  await expect(dialog).toContainText(
    'Leave your family? You will no longer be able to enter Kit Kept for events, and they will no longer be able to enter you.',
  );
  // changing one's mind leaves everything as it was
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(family.getByText(`Kit Kept (${child.username})`)).toBeVisible();

  await family.getByRole('button', { name: 'Leave family' }).click();
  await page.getByRole('dialog', { name: 'Leave your family' }).getByRole('button', { name: 'Leave family' }).click();
  await expect(page.getByText('You have left your family.')).toBeVisible();
  await expect(family.getByText('No linked accounts yet.')).toBeVisible();
  await expect(family.getByRole('button', { name: 'Leave family' })).toHaveCount(0);

  // the family of two is gone for the child too
  const asChild = {
    authorization: `Bearer ${await apiToken(request, { username: child.username, password: child.password })}`,
  };
  expect((await (await request.get('/api/v1/profile/', { headers: asChild })).json()).family).toBeNull();
});

test('a request’s date is in long form on a wide screen and DD/MM/YYYY on a phone', async ({ page, request }) => {
  const parent = await registerUser(request);
  const child = await registerUser(request);
  const asParent = { authorization: `Bearer ${await apiToken(request, parent)}` };
  const made = await request.post('/api/v1/link-request/', {
    headers: asParent,
    data: { target_user: child.username },
  });
  expect(made.status()).toBe(201);
  const today = londonToday();
  const [y, m, d] = today.split('-');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contact');
  await logInWithModal(page, parent);
  await page.goto('/profile?tab=linked');
  const row = page.getByRole('listitem').filter({ hasText: `You asked to link with ${child.username}` });
  // e.g. "Monday 7th December 2026"
  await expect(row.getByText(formatEventDate(today, false), { exact: true })).toBeVisible();
  await expect(row.getByText(`${d}/${m}/${y}`, { exact: true })).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row.getByText(`${d}/${m}/${y}`, { exact: true })).toBeVisible();
  await expect(row.getByText(formatEventDate(today, false), { exact: true })).toBeHidden();
});
