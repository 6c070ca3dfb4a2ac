import { createRaceEvent } from './event-fixtures.ts';
import { expect, logInWithModal, registerUser, test, uniqueSurname } from './fixtures.ts';
import { adminHeaders, linkFamily, registerRacer } from './people-fixtures.ts';

/**
 * Calendar feeds (issue 27): a parent makes the family's calendar link in My Profile; the feed it
 * gives holds the race their child is entered for and never the child's name. Making a new link
 * stops the old one.
 */
test('a parent makes the family calendar link in My Profile; the feed shows the race, never the child’s name', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Cal');
  const parent = await registerUser(request, { first_name: 'Pat', last_name: surname });
  const child = await registerRacer(request, 'Juniper', surname);
  await linkFamily(request, parent, child);
  const raceName = `Calendar Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: raceName, quantity: 3 });
  // the child is entered (an administrator's Add Participant: a confirmed place)
  const headers = await adminHeaders(request);
  const eligible = (await (await request.get(`/api/v1/products/${id}/eligible-users/`, { headers })).json()) as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  const childId = eligible.find((u) => u.first_name === 'Juniper' && u.last_name === surname)?.id;
  expect(childId).toBeDefined();
  const added = await request.post(`/api/v1/products/${id}/add-participant/`, { headers, data: { user_id: childId } });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/');
  await logInWithModal(page, parent);
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', exact: true })).toBeVisible();
  await expect(
    page.getByText("Your family's races in your calendar app; it never shows your children's names."),
  ).toBeVisible();
  await expect(page.getByText('You have no calendar link yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: "All the association's races" })).toHaveAttribute(
    'href',
    /\/api\/v1\/calendar\/races\.ics$/,
  );

  await page.getByRole('button', { name: 'Make my calendar link' }).click();
  const field = page.getByRole('textbox', { name: 'Your calendar link' });
  await expect(field).toHaveValue(/\/api\/v1\/calendar\/family\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByRole('button', { name: 'Copy your calendar link' })).toBeVisible();
  const link = await field.inputValue();

  const feed = await request.get(link);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await feed.text();
  expect(body).toContain(`SUMMARY:${raceName}`);
  expect(body).not.toContain('Juniper');
  expect(body).not.toContain(child.username);
  expect(body).not.toContain(parent.username);
  // the race's name carries the family's surname here; outside SUMMARY it must not appear either
  expect(body.replaceAll(raceName, '')).not.toContain(surname);

  // the section fits a phone
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Make a new link' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // a new link (after confirming) stops the old one working
  await page.getByRole('button', { name: 'Make a new link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
  await expect(field).not.toHaveValue(link);
  expect((await request.get(link)).status()).toBe(404);
  expect((await request.get(await field.inputValue())).status()).toBe(200);
});
