import { DEMO, expect, logInWithModal, mailbox, test } from './fixtures.ts';

/** The contact form (doc 1 §2, §8): a visitor's message reaches the association's mailbox (a real
 * SMTP server in the test), and a failure keeps what was typed. */

test.beforeEach(async ({ request }) => {
  await mailbox.clear(request);
});

/** A raw message with quoted-printable soft line breaks undone. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '');

test("a visitor's message reaches the association's mailbox and the form clears", async ({ page, request }) => {
  const text = `Could my daughter try the Hemel race as her first one? Reference ${Date.now()}.`;
  await page.goto('/contact');
  await page.getByLabel(/^First Name/).fill('Alice');
  await page.getByLabel(/^Last Name/).fill("O'Neill");
  await page.getByLabel(/^Email/).fill('alice.oneill@example.com');
  await page.getByLabel(/^Message/).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toHaveText(
    'Thank you for your message. We will get back to you within 24-48 hours.',
  );
  for (const label of [/^First Name/, /^Last Name/, /^Email/, /^Message/]) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }

  const toAssociation = async () =>
    (await mailbox.messages(request)).filter((m) => m.to.includes(mailbox.associationAddress));
  await expect.poll(async () => (await toAssociation()).length).toBe(1);
  const [mail] = await toAssociation();
  expect(unfold(mail?.raw ?? '')).toContain(text);
  expect(unfold(mail?.raw ?? '')).toContain('alice.oneill@example.com');
  // the sender is acknowledged too
  await expect
    .poll(async () => (await mailbox.messages(request)).filter((m) => m.to.includes('alice.oneill@example.com')).length)
    .toBe(1);
});

test('the form checks its fields before sending', async ({ page, request }) => {
  let posted = false;
  await page.route('**/api/v1/contact/', async (route) => {
    posted = true;
    await route.continue();
  });
  await page.goto('/contact');
  await page.getByLabel(/^Email/).fill('not-an-email');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address (max 254 characters)')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  // focus goes to the first field to fix
  await expect(page.getByLabel(/^First Name/)).toBeFocused();
  expect(posted).toBe(false);
  expect(await mailbox.messages(request)).toEqual([]);
});

test('a failed send shows the error and keeps what was typed', async ({ page }) => {
  await page.route('**/api/v1/contact/', (route) =>
    route.fulfill({ status: 500, json: { error: 'Failed to send message' } }),
  );
  await page.goto('/contact');
  await page.getByLabel(/^First Name/).fill('Alice');
  await page.getByLabel(/^Last Name/).fill('Smith');
  await page.getByLabel(/^Email/).fill('alice@example.com');
  await page.getByLabel(/^Message/).fill('Is there parking at the slope?');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert')).toHaveText('Failed to send message');
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Alice');
  await expect(page.getByLabel(/^Last Name/)).toHaveValue('Smith');
  await expect(page.getByLabel(/^Email/)).toHaveValue('alice@example.com');
  await expect(page.getByLabel(/^Message/)).toHaveValue('Is there parking at the slope?');
});

test('an administrator reads a contact message in the back office: unread, opened and read, then unread again', async ({
  page,
}) => {
  // a surname of its own (letters only), so the row is this test's whatever else was sent
  const surname = `Quill${String.fromCharCode(...[...String(Date.now()).slice(-6)].map((d) => 97 + Number(d)))}`;
  const text = `Is there a lift pass discount for club racers? (${surname})`;
  await page.goto('/contact');
  await page.getByLabel(/^First Name/).fill('Beatrix');
  await page.getByLabel(/^Last Name/).fill(surname);
  await page.getByLabel(/^Email/).fill('beatrix@example.com');
  await page.getByLabel(/^Message/).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toBeVisible();

  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Admin' });
  const entry = menu.getByRole('button', { name: /^Messages/ });
  await expect(entry).toHaveAccessibleName(/^Messages \d+ unread$/);
  const unreadBefore = Number(/^Messages(\d+)$/.exec((await entry.textContent()) ?? '')?.[1]);
  expect(unreadBefore).toBeGreaterThan(0);
  await entry.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: `Beatrix ${surname}` });
  await expect(row).toContainText('beatrix@example.com');
  await expect(row).toContainText('Unread');
  await row.getByRole('button', { name: `Open the message from Beatrix ${surname}` }).click();
  const dialog = page.getByRole('dialog', { name: `Message from Beatrix ${surname}` });
  await expect(dialog.getByTestId('message-text')).toHaveText(text);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Read');
  await expect(row).not.toContainText('Unread');
  await expect(entry).toHaveText(unreadBefore > 1 ? `Messages${unreadBefore - 1}` : 'Messages');

  await row.getByRole('button', { name: `Open the message from Beatrix ${surname}` }).click();
  await dialog.getByRole('button', { name: 'Mark unread' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Unread');
  await expect(entry).toHaveAccessibleName(`Messages ${unreadBefore} unread`);
});
