import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, expect, logInWithModal, type NewUser, registerUser, test, uniqueSurname } from './fixtures.ts';

/**
 * Link Requests (doc 2 §2, §4, §8, §9): a member asks to link another account; an administrator
 * finds the request under Pending, approves it (it leaves Pending, shows under Approved with
 * Approve disabled, and View Family lists both accounts), rejects another, and searches. Every
 * run makes its own members, with surnames no other run has, and finds them by those.
 */

async function member(request: APIRequestContext, first: string, last: string): Promise<NewUser> {
  return registerUser(request, { first_name: first, last_name: last });
}

async function ask(request: APIRequestContext, from: NewUser, to: NewUser): Promise<void> {
  const token = await apiToken(request, { username: from.username, password: from.password });
  const res = await request.post('/api/v1/link-request/', {
    headers: { authorization: `Bearer ${token}` },
    data: { target_user: to.username },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function openPanel(page: Page, who: { username: string; password: string } = DEMO.admin): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, who);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Link Requests' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Link Requests' })).toBeVisible();
}

async function showStatus(page: Page, label: 'All' | 'Pending' | 'Approved' | 'Rejected'): Promise<void> {
  const filter = page.getByRole('radiogroup', { name: 'Status' });
  await filter.getByText(label, { exact: true }).click();
  await expect(filter.getByRole('radio', { name: label })).toBeChecked();
}

const searchFor = (page: Page, text: string) => page.getByRole('textbox', { name: 'Search link requests' }).fill(text);
const rowWith = (page: Page, text: string): Locator =>
  page.getByRole('table', { name: 'Link requests' }).getByRole('row').filter({ hasText: text });

test('an administrator approves a pending request, sees the family, and rejects another', async ({ page, request }) => {
  const surname = uniqueSurname('Fam');
  const parent = await member(request, 'Pat', surname);
  const child = await member(request, 'Charlie', surname);
  const stranger = await member(request, 'Sid', surname);
  await ask(request, parent, child);
  await ask(request, stranger, parent);

  await openPanel(page);
  await searchFor(page, surname);
  await expect(page.getByTestId('link-count')).toHaveText('2 requests');
  const toChild = rowWith(page, `Charlie ${surname}`);
  await expect(toChild).toContainText(`Pat ${surname}`);
  await expect(toChild).toContainText(parent.username);
  await expect(toChild).toContainText('Pending');
  await expect(toChild.getByRole('button', { name: 'View family', exact: false })).toHaveCount(0);

  await toChild.getByRole('button', { name: `Approve link between Pat ${surname} and Charlie ${surname}` }).click();
  await expect(page.getByText('Link request approved.')).toBeVisible();
  // it leaves Pending
  await expect(page.getByTestId('link-count')).toHaveText('1 request');
  await expect(rowWith(page, `Charlie ${surname}`)).toHaveCount(0);

  await showStatus(page, 'Approved');
  const approved = rowWith(page, `Charlie ${surname}`);
  await expect(approved).toContainText('Approved');
  await expect(approved.getByRole('button', { name: /^Approve link/ })).toHaveAttribute('aria-disabled', 'true');
  await approved.getByRole('button', { name: `View family of Pat ${surname}` }).click();
  const family = page.getByRole('dialog', { name: 'Family', exact: true });
  const members = family.getByRole('table', { name: 'Family members' });
  await expect(members.getByRole('row')).toHaveCount(3);
  await expect(members).toContainText(`Pat ${surname}`);
  await expect(members).toContainText(parent.username);
  await expect(members).toContainText(`Charlie ${surname}`);
  await expect(members).toContainText(child.username);
  // an ordinary administrator cannot remove members
  await expect(family.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await family.getByRole('button', { name: 'Close' }).click();

  // the stranger's request is rejected
  await showStatus(page, 'Pending');
  const fromStranger = rowWith(page, `Sid ${surname}`);
  await fromStranger.getByRole('button', { name: `Reject link between Sid ${surname} and Pat ${surname}` }).click();
  await expect(page.getByText('Link request rejected.')).toBeVisible();
  await expect(page.getByText('No link requests found').filter({ visible: true })).toBeVisible();
  await showStatus(page, 'Rejected');
  await expect(rowWith(page, `Sid ${surname}`)).toContainText('Rejected');

  // the parent now sees the child in Linked Accounts (through the API, as the page reads it)
  const token = await apiToken(request, { username: parent.username, password: parent.password });
  const profile = await (
    await request.get('/api/v1/profile/', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(profile.family.members.map((m: { username: string }) => m.username)).toContain(child.username);
  // and the participants check of an event lists the child for the parent to enter
  const [event] = (await (await request.get('/api/v1/products/')).json()) as { id: number }[];
  const check = await request.get(`/api/v1/check-bookings/${event?.id}/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await check.json()).map((p: { username: string }) => p.username)).toEqual([parent.username, child.username]);
});

test('rejecting an approved link asks first; a super administrator removes a member from View Family', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Kin');
  const a = await member(request, 'Ann', surname);
  const b = await member(request, 'Bob', surname);
  const c = await member(request, 'Cal', surname);
  await ask(request, a, b);
  await ask(request, a, c);
  const admin = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const listed = await request.get(`/api/v1/admin/link-requests/?search=${surname}`, { headers: admin });
  for (const r of (await listed.json()).results as { id: number }[]) {
    expect(
      (
        await request.post(`/api/v1/admin/link-requests/${r.id}/`, { headers: admin, data: { action: 'approve' } })
      ).status(),
    ).toBe(200);
  }

  await openPanel(page, DEMO.superAdmin);
  await showStatus(page, 'Approved');
  await searchFor(page, surname);
  await expect(page.getByTestId('link-count')).toHaveText('2 requests');
  const toBob = rowWith(page, `Bob ${surname}`);
  await toBob.getByRole('button', { name: /^Reject link/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject an approved link' });
  await expect(confirm).toContainText(`takes Bob ${surname} (${b.username}) out of the family`);
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(toBob).toContainText('Approved');

  await rowWith(page, `Cal ${surname}`)
    .getByRole('button', { name: `View family of Ann ${surname}` })
    .click();
  const family = page.getByRole('dialog', { name: 'Family', exact: true });
  await family.getByRole('button', { name: `Remove Cal ${surname} from the family` }).click();
  await page.getByRole('dialog', { name: 'Remove from family' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Cal ${surname} was removed from the family.`)).toBeVisible();
  await expect(family.getByRole('table', { name: 'Family members' }).getByRole('row')).toHaveCount(3);
  await expect(family).not.toContainText(c.username);
});

test('searching finds nothing with a clear message; axe; cards on a phone', async ({ page, request }) => {
  const surname = uniqueSurname('Axe');
  const a = await member(request, 'Amy', surname);
  const b = await member(request, 'Ben', surname);
  await ask(request, a, b);
  await openPanel(page);
  await searchFor(page, `${surname}zzz`);
  await expect(page.getByText('No link requests found').filter({ visible: true })).toBeVisible();
  await searchFor(page, surname);
  await expect(rowWith(page, `Ben ${surname}`)).toHaveCount(1);
  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Link requests' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText(`Amy ${surname}`);
  await expect(
    cards.getByRole('button', { name: `Approve link between Amy ${surname} and Ben ${surname}` }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/link-requests-phone.png', fullPage: true });
});
