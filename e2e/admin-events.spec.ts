import type { APIRequestContext, Page } from '@playwright/test';
import { formatEventDate } from '../src/domain/dates.ts';
import { day, FILES, typed } from './event-fixtures.ts';
import { apiToken, DEMO, expect, logInWithModal, test } from './fixtures.ts';

/**
 * The admin Bookings panel (doc 2 §2, §4, §5, §8) and what a visitor then sees on /booking
 * (doc 1 §2, §4): create a race event with image, logo and a document, edit it, cancel it, and
 * the file-type rules. Event names are unique because the tests share one server.
 */

/** Small real files: each starts with its type's magic bytes, as the server checks. */
function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

async function associationCode(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/v1/association/')).json()) as { code: string }).code;
}

/** Signs in as the club administrator and opens the Bookings panel (the admin default). */
async function openBookings(page: Page): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
}

function eventForm(page: Page) {
  return page.getByRole('form', { name: /^(Create|Edit) event$/ });
}

async function chooseType(page: Page, label: string): Promise<void> {
  await eventForm(page).getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Fills a race event whose registration is open now: opened yesterday, closes in a week, the
 * event in two weeks. */
async function fillRace(page: Page, code: string, name: string): Promise<void> {
  const form = eventForm(page);
  await chooseType(page, code);
  await form.getByLabel(/^Date/).fill(typed(day(14)));
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Slope name/).fill('The Snow Centre, Hemel Hempstead');
  await form.getByLabel(/^Registration open date/).fill(typed(day(-1)));
  await form.getByLabel(/^Registration open time/).fill('09:00');
  await form.getByLabel(/^Registration close date/).fill(typed(day(7)));
  await form.getByLabel(/^Registration close time/).fill('18:00');
  await form.getByLabel(/^Price/).fill('12.50');
  await form.getByLabel(/^URL/).fill('https://example.org/race');
}

/** Creates a race event through the API, for the tests about editing and cancelling. */
async function createRaceByApi(request: APIRequestContext, name: string): Promise<void> {
  const access = await apiToken(request, DEMO.admin);
  const res = await request.post('/api/v1/products/create/', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      name,
      date: day(20),
      slope_name: 'Norfolk Snowsports Club',
      event_type: 'race',
      price: '0',
      quantity: '60',
      url: '',
      banner_message: '',
      registration_open: day(-2),
      registration_open_time: '10:00',
      registration_close: day(10),
      registration_close_time: '20:00',
      image: FILES.jpg(),
      logo: FILES.png(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

function row(page: Page, name: string) {
  return page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: name });
}

test('an administrator creates a race event with image, logo and a document; a visitor finds it on /booking and opens the document', async ({
  page,
  browser,
  request,
}) => {
  const code = await associationCode(request);
  const name = uniqueName('Spring Slalom');
  const documentName = 'Race Day Timetable';
  await openBookings(page);

  const form = eventForm(page);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();
  // quantity and price are for races only; the banner message is for the other types
  await chooseType(page, 'External');
  await expect(form.getByLabel(/^Price/)).toBeDisabled();
  await expect(form.getByLabel(/^Banner message/)).toBeEnabled();

  await fillRace(page, code, name);
  await expect(form.getByLabel(/^Quantity/)).toHaveValue('150');
  await expect(form.getByLabel(/^Banner message/)).toBeDisabled();
  // the window's limits are said beside the inputs: open by the event date, close from the day
  // after open up to the event date
  await expect(form.getByText(`By ${typed(day(14))}`, { exact: true })).toBeVisible();
  await expect(form.getByText(`${typed(day(0))} to ${typed(day(14))}`, { exact: true })).toBeVisible();

  // image and logo are required when creating; the form keeps what was typed
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please select a JPG file for the image.')).toBeVisible();
  await expect(form.getByText('Please select a PNG file for the logo.')).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue(name);

  await form.locator('input[type=file][name=image]').setInputFiles(FILES.jpg());
  await form.locator('input[type=file][name=logo]').setInputFiles(FILES.png());
  await expect(form.getByText('Please select a PNG file for the logo.')).toHaveCount(0);

  // the preview card follows the form
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('article', { name })).toBeVisible();
  await expect(preview.getByTestId('event-price')).toHaveText('£12.50');
  await expect(preview.getByTestId('event-status')).toHaveText(/^Closing/);

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booking created successfully')).toBeVisible();
  await expect(row(page, name)).toContainText('£12.50');
  await expect(row(page, name)).toContainText('0/150');
  await expect(form.getByLabel(/^Name/)).toHaveValue('');

  // a document: both a name and a file are needed
  await row(page, name)
    .getByRole('button', { name: /^Documents of/ })
    .click();
  const documents = page.getByRole('dialog', { name: `Documents: ${name}` });
  await expect(documents.getByText('No documents linked to this event yet.')).toBeVisible();
  await documents.getByRole('button', { name: 'Upload' }).click();
  await expect(documents.getByText('Please provide both a document name and a file.').first()).toBeVisible();
  await documents.getByLabel(/^Document name/).fill(documentName);
  await documents.locator('input[type=file][name=document]').setInputFiles(FILES.pdf());
  await documents.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  await expect(documents.getByRole('link', { name: documentName })).toHaveAttribute('href', /^\/media\//);
  await documents.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, name).getByRole('button', { name: /^Documents of/ })).toHaveText('Documents (1)');

  // a visitor (not signed in) finds it under Book Your Race Now, closing, with the document
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/booking');
  const bookNow = visitor.getByRole('region', { name: 'Book Your Race Now' });
  const card = bookNow.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('event-status')).toHaveText(/^Closing/);
  await card.getByRole('button', { name: `Details of ${name}` }).click();
  await expect(card.getByRole('tab', { name: documentName })).toBeVisible();
  const link = card.getByRole('link', { name: `Open ${documentName}` });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/media\//);
  const download = await visitor.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await visitorContext.close();
});

test('a jpg chosen as the logo is refused and nothing is created', async ({ page, request }) => {
  const code = await associationCode(request);
  const name = uniqueName('Wrong Logo Race');
  await openBookings(page);
  const form = eventForm(page);

  // submitting an empty form says what is missing
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Event type is required')).toBeVisible();

  await fillRace(page, code, name);
  await form.locator('input[type=file][name=image]').setInputFiles(FILES.jpg());
  await form.locator('input[type=file][name=logo]').setInputFiles(FILES.jpg('logo.jpg'));
  await expect(form.getByText('Please select a PNG file for the logo.')).toBeVisible();

  let sent = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/products/create/')) sent = true;
  });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please select a PNG file for the logo.')).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue(name);
  expect(sent).toBe(false);

  // a file named .jpg that is not a jpg passes the browser's check; the server reads its content,
  // refuses it beside the field, and the form keeps what was typed
  await form.locator('input[type=file][name=logo]').setInputFiles(FILES.png());
  await form
    .locator('input[type=file][name=image]')
    .setInputFiles({ ...FILES.png(), name: 'disguised.jpg', mimeType: 'image/jpeg' });
  await expect(form.getByText('Please select a PNG file for the logo.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Failed to create or update booking. Please try again.')).toBeVisible();
  await expect(form.getByText('Please select a JPG file for the image.')).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue(name);
  expect(sent).toBe(true);

  const events = (await (await request.get('/api/v1/products/')).json()) as { name: string }[];
  expect(events.map((e) => e.name)).not.toContain(name);
  await page.getByRole('combobox', { name: 'Filter events' }).click();
  await page.getByRole('option', { name: 'All events', exact: true }).click();
  await expect(row(page, name)).toHaveCount(0);
});

test('editing an event’s name shows the new name in the table and on /booking', async ({ page, request }) => {
  const name = uniqueName('Autumn Race');
  const renamed = `${name} Renamed`;
  await createRaceByApi(request, name);
  await openBookings(page);

  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const form = eventForm(page);
  await expect(page.getByRole('heading', { name: `Edit event: ${name}` })).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue(name);
  await expect(form.getByLabel(/^Quantity/)).toHaveValue('60');
  await expect(form.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await form.getByLabel(/^Name/).fill(renamed);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Booking updated successfully')).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(1);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();

  await page.goto('/booking');
  await expect(page.getByRole('article', { name: renamed })).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
});

test('cancelling an event asks for confirmation first', async ({ page, request }) => {
  const name = uniqueName('Club Fun Race');
  await createRaceByApi(request, name);
  await openBookings(page);

  await row(page, name)
    .getByRole('button', { name: `Cancel ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel event?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Keep event' }).click();
  await expect(confirm).toBeHidden();
  // focus goes back to the button that opened the confirmation
  await expect(row(page, name).getByRole('button', { name: `Cancel ${name}` })).toBeFocused();
  await expect(row(page, name).getByText('Cancelled', { exact: true })).toHaveCount(0);

  await row(page, name)
    .getByRole('button', { name: `Cancel ${name}` })
    .click();
  await confirm.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
  await expect(row(page, name).getByText('Cancelled', { exact: true })).toBeVisible();
  // a cancelled event cannot be cancelled again
  await expect(row(page, name).getByRole('button', { name: `Cancel ${name}` })).toBeDisabled();
  // focus is not lost on the page body
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(
    true,
  );
});

test('the event table shows the long date above 768 px and DD/MM/YYYY at 768 px or less', async ({ page, request }) => {
  const name = uniqueName('Date Format Race');
  await createRaceByApi(request, name);
  await openBookings(page);
  const long = formatEventDate(day(20), false);
  const short = formatEventDate(day(20), true);
  expect(long).toMatch(/^[A-Z][a-z]+day \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}$/);

  for (const width of [1280, 769]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(row(page, name).getByText(long, { exact: true }), `at ${width} px`).toBeVisible();
    await expect(row(page, name).getByText(short, { exact: true })).toBeHidden();
  }
  // at 768 px or less each event is a card
  const card = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: name });
  for (const width of [768, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(card.getByText(short, { exact: true }), `at ${width} px`).toBeVisible();
    await expect(card.getByText(long, { exact: true })).toBeHidden();
  }
});

test('the filter choices are words, and every status shows in one badge style', async ({ page, request }) => {
  const code = await associationCode(request);
  const name = uniqueName('Badge Race');
  await createRaceByApi(request, name);
  await openBookings(page);

  const filter = page.getByRole('combobox', { name: 'Filter events' });
  await expect(filter).toHaveValue('Upcoming events');
  await filter.click();
  await expect(page.getByRole('option')).toHaveText([
    'All events',
    'Upcoming events',
    'Past events',
    `${code} events`,
    `Non-${code} events`,
    `Upcoming ${code} events`,
    `Upcoming non-${code} events`,
    `Past ${code} events`,
    `Past non-${code} events`,
  ]);
  await page.getByRole('option', { name: 'All events', exact: true }).click();
  await expect(filter).toHaveValue('All events');

  // cancel one so that every kind of status is in the table
  await row(page, name)
    .getByRole('button', { name: `Cancel ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Cancel event?' }).getByRole('button', { name: 'Cancel event' }).click();
  await expect(row(page, name).getByText('Cancelled', { exact: true })).toBeVisible();

  // one badge per row, all of one variant; one status, one colour
  const badges = page.getByRole('table', { name: 'Events' }).getByTestId('event-status-badge');
  const rows = page.getByRole('table', { name: 'Events' }).locator('tbody tr');
  await expect(badges).toHaveCount(await rows.count());
  const styles = await badges.evaluateAll((nodes) =>
    nodes.map((n) => ({
      text: n.textContent ?? '',
      variant: n.getAttribute('data-variant'),
      background: getComputedStyle(n).backgroundColor,
    })),
  );
  expect(new Set(styles.map((s) => s.variant)).size).toBe(1);
  const colours = new Map<string, Set<string>>();
  for (const s of styles) colours.set(s.text, (colours.get(s.text) ?? new Set()).add(s.background));
  for (const [text, set] of colours) expect(set.size, `${text} has one colour`).toBe(1);
  expect([...colours.keys()]).toEqual(expect.arrayContaining(['Cancelled', 'Scheduled', 'Entry Closed']));

  // the edit form's Cancelled badge is the table's
  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const header = page.getByTestId('event-status-badge').filter({ hasText: 'Cancelled' });
  const looks = await header.evaluateAll((nodes) =>
    nodes.map((n) => `${n.getAttribute('data-variant')} ${getComputedStyle(n).backgroundColor}`),
  );
  expect(new Set(looks).size).toBe(1);
  expect(looks.length).toBeGreaterThan(1);
});

test("the slope quick-fill puts the slope's name in the slope field", async ({ page, request }) => {
  const slopes = (await (await request.get('/api/v1/slope-info/')).json()) as {
    race_club_name: string;
    slope_name: string;
  }[];
  const hemel = slopes.find((s) => s.race_club_name === 'Hemel Ski Race Club');
  expect(hemel).toBeDefined();
  const slope = hemel?.slope_name ?? '';
  expect(slope).not.toBe('Hemel Ski Race Club');

  await openBookings(page);
  await chooseType(page, 'External');
  const field = eventForm(page).getByLabel(/^Slope name/);
  await field.click();
  const option = page.getByRole('option', { name: new RegExp(`^${slope}`) });
  // each choice says whose slope it is
  await expect(option).toContainText('Hemel Ski Race Club');
  await option.click();
  await expect(field).toHaveValue(slope);
});
