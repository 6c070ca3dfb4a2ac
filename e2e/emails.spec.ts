import AxeBuilder from '@axe-core/playwright';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, expect, mailbox, test, uniqueSurname } from './fixtures.ts';
import { part, waitForMail as waitFor } from './mail-fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/**
 * E-mails worth keeping (issue 26): each e-mail the app sends, received by the test SMTP server,
 * has an HTML part in the association's layout that reads at 375 px and that axe finds no serious
 * or critical problem in, and a plain-text part.
 */

test('every e-mail reads at 375 px with its text, in HTML and plain text, and axe finds no serious problem', async ({
  page,
  request,
}) => {
  test.slow();
  await mailbox.clear(request);
  const surname = uniqueSurname('Mail');
  const name = `Mail Race ${surname}`;
  const event = await createRaceEvent(request, { name, quantity: 5 });
  const racer = await registerRacer(request, 'Ada', surname);
  const auth = { authorization: `Bearer ${await apiToken(request, racer)}` };
  expect(
    (
      await request.post('/api/v1/cart/bulk-add/', {
        headers: auth,
        data: { items: [{ product: event.id, participant: racer.username }] },
      })
    ).status(),
  ).toBeLessThan(300);
  const booked = await request.post('/api/v1/bookings/', {
    headers: auth,
    data: { bookings: [{ product: event.id, participant: racer.username }] },
  });
  expect(booked.status(), await booked.text()).toBeLessThan(300);
  expect((await request.post('/api/v1/password-reset-request/', { data: { username: racer.username } })).status()).toBe(
    200,
  );
  expect(
    (
      await request.post('/api/v1/contact/', {
        data: {
          'first-name': 'Ada',
          'last-name': surname,
          email: `${racer.username}@example.com`,
          message: 'Is there a practice run?',
        },
      })
    ).status(),
  ).toBe(200);

  const mails: [string | RegExp, string][] = [
    [`ERSA: Ada ${surname} is approved to race`, 'is now an approved racer'],
    [`ERSA: your entry for ${name} is confirmed`, `Ada ${surname}: FREE`],
    ['ERSA: reset your password', 'Choose a new password'],
    [`ERSA contact form: Ada ${surname}`, 'Is there a practice run?'],
    ['ERSA: we have received your message', 'Thank you for contacting'],
  ];
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [subject, says] of mails) {
    const mail = await waitFor(request, subject);
    const text = part(mail, 'text/plain');
    expect(text, String(subject)).toContain(says);
    await page.setContent(part(mail, 'text/html'));
    await expect(page.getByText('Eastern Region Snowsports Association', { exact: true })).toBeVisible();
    await expect(page.locator('main').getByText(says).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'office@ersa.example' })).toBeVisible();
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth), String(subject)).toBeLessThanOrEqual(375);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, String(subject)).toEqual([]);
  }
  // the receipt carries the race's calendar entry
  const receipt = await waitFor(request, `ERSA: your entry for ${name} is confirmed`);
  expect(receipt.raw).toMatch(/Content-Type: text\/calendar/);
  expect(receipt.raw).toMatch(/filename="?[a-z0-9-]+\.ics"?/);
});
