import type { Page } from '@playwright/test';
import { createRaceEvent } from './event-fixtures.ts';
import { DEMO, expect, logInWithModal, mailbox, test, uniqueSurname } from './fixtures.ts';
import { payForFamily } from './payment-fixtures.ts';
import { adminHeaders, family, registerRacer } from './people-fixtures.ts';

/**
 * Messages to entrants (issue 26): from Booked Participants an administrator writes to every
 * entrant of a race, sees the e-mail and how many people it goes to, sends it, finds it listed
 * with who sent it, and the entrant's mailbox receives it.
 */

async function openEvent(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Booked Participants' }).click();
  const row = page.getByRole('table', { name: 'Race events' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `View participants of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
}

test('an administrator e-mails a race’s entrants; the entrant receives it and it is listed', async ({
  page,
  request,
}) => {
  test.slow(); // an event, a racer and a booking made first, then the whole journey
  await mailbox.clear(request);
  const surname = uniqueSurname('Msg');
  const name = `Message Race ${surname}`;
  const event = await createRaceEvent(request, { name, quantity: 5 });
  const racer = await registerRacer(request, 'Ada', surname);
  const headers = await adminHeaders(request);
  const found = await request.get(`/api/v1/products/${event.id}/eligible-users/`, { headers });
  const eligible = ((await found.json()) as { id: number; last_name: string }[]).find((u) => u.last_name === surname);
  const added = await request.post(`/api/v1/products/${event.id}/add-participant/`, {
    headers,
    data: { user_id: eligible?.id },
  });
  expect(added.status()).toBe(201);
  await mailbox.clear(request);

  await openEvent(page, name);
  const section = page.getByRole('region', { name: 'Messages to entrants' });
  await expect(section).toContainText('No message has been sent to this event’s entrants yet.');
  await section.getByRole('button', { name: 'Message entrants' }).click();
  const dialog = page.getByRole('dialog', { name: `Message entrants: ${name}` });
  await expect(dialog).toContainText('This will be sent to 1 person');

  // both fields are required; what was typed stays
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Start time moved');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('Message is required')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Start time moved');
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Hello all,\n\nThe first run now starts at 10:30 UK time.');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByText(`Subject: ERSA: ${name}: Start time moved`)).toBeVisible();
  await expect(dialog.getByTestId('entrant-recipients')).toHaveText('This will be sent to 1 person');
  const preview = dialog.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.getByText('The first run now starts at 10:30 UK time.')).toBeVisible();
  await expect(preview.getByText(`About your entry for ${name}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to 1 person' }).click();
  await expect(page.getByText('Message sent to 1 person.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const sent = section.getByRole('list', { name: 'Messages sent' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('Start time moved');
  await expect(sent).toContainText(/Sent \d\d\/\d\d\/\d{4}, \d\d:\d\d UK time by .+ to 1 person/);
  await expect(sent).toContainText('The first run now starts at 10:30 UK time.');

  // the racer's approval e-mail may arrive too: the message is the one with its subject
  const received = async () =>
    (await mailbox.messages(request)).filter(
      (m) => m.to.includes(`${racer.username}@example.com`) && mailbox.text(m).includes('Start time moved'),
    );
  await expect.poll(async () => (await received()).length).toBe(1);
  const text = mailbox.text((await received())[0]);
  expect(text).toContain(`Subject: ERSA: ${name}: Start time moved`);
  expect(text).toContain('The first run now starts at 10:30 UK time.');
  expect(text).toContain('Reply-To: office@ersa.example');
});

test('a message to a race’s entrants reaches a child with their own address and the parent who paid, once each', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Msg');
  const name = `Message Race ${surname}`;
  const event = await createRaceEvent(request, { name, quantity: 5, price: '10.00' });
  const { parent, kids } = await family(request, surname, ['Ada']);
  await payForFamily(request, event.id, parent, kids, '10.00');
  await mailbox.clear(request);

  await openEvent(page, name);
  await page.getByRole('button', { name: 'Message entrants' }).click();
  const dialog = page.getByRole('dialog', { name: `Message entrants: ${name}` });
  await expect(dialog).toContainText(
    'This will be sent to 2 people: each entrant and whoever paid for their entry, each address once.',
  );
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Venue changed');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('The race moves to Hemel.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Send to 2 people' }).click();
  await expect(page.getByText('Message sent to 2 people.')).toBeVisible();

  const subject = `Subject: ERSA: ${name}: Venue changed`;
  const received = async () =>
    (await mailbox.messages(request)).filter((m) => mailbox.text(m).includes(subject)).flatMap((m) => m.to);
  const addresses = [parent, ...kids].map((p) => `${p.username}@example.com`).sort();
  await expect.poll(async () => (await received()).sort()).toEqual(addresses);
});
