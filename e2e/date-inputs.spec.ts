import type { Page } from '@playwright/test';
import { formatEventDate } from '../src/domain/dates.ts';
import { day, FILES, typed } from './event-fixtures.ts';
import { DEMO, expect, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { adminHeaders, registerRacer } from './people-fixtures.ts';

/**
 * Dates typed in the back office read DD/MM/YYYY whatever the browser's language: in an en-US
 * browser (where a native date input reads mm/dd/yyyy), 05/03/2027 is 5 March 2027, and the API
 * is sent 2027-03-05.
 */
test.use({ locale: 'en-US' });

async function openPanel(page: Page, panel: string): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: panel }).click();
  await expect(page.getByRole('heading', { level: 2, name: panel })).toBeVisible();
}

test('the event form reads 05/03/2027 as 5 March 2027, and shows it back so when editing', async ({
  page,
  request,
}) => {
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  const code = ((await (await request.get('/api/v1/association/')).json()) as { code: string }).code;
  const name = `March Race ${Date.now().toString(36)}`;
  await openPanel(page, 'Bookings');
  const form = page.getByRole('form', { name: 'Create event' });
  await form.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: code, exact: true }).click();

  const date = form.getByLabel(/^Date/);
  await expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await date.fill('05/03/2027');
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Slope name/).fill('The Snow Centre, Hemel Hempstead');
  await form.getByLabel(/^Registration open date/).fill(typed(day(-1)));
  await form.getByLabel(/^Registration open time/).fill('09:00');
  await form.getByLabel(/^Registration close date/).fill(typed(day(7)));
  await form.getByLabel(/^Registration close time/).fill('18:00');
  await form.getByLabel(/^Price/).fill('10');
  // the window's limits are said in the same form: registration opens by 05/03/2027
  await expect(form.getByText('By 05/03/2027', { exact: true })).toBeVisible();
  await form.locator('input[type=file][name=image]').setInputFiles(FILES.jpg());
  await form.locator('input[type=file][name=logo]').setInputFiles(FILES.png());
  // the preview card already says 5 March
  const long = formatEventDate('2027-03-05', false);
  expect(long).toBe('Friday 5th March 2027');
  await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('event-date')).toContainText(long);

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booking created successfully')).toBeVisible();
  const row = page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText(long, { exact: true })).toBeVisible();
  const events = (await (await request.get('/api/v1/products/')).json()) as { name: string; date: string }[];
  expect(events.find((e) => e.name === name)?.date).toBe('2027-03-05');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit event' });
  await expect(edit.getByLabel(/^Date/)).toHaveValue('05/03/2027');
  await expect(edit.getByLabel(/^Registration close date/)).toHaveValue(typed(day(7)));
  // times are 24-hour text too: a native time input would show "06:00 PM" in this browser
  await expect(edit.getByLabel(/^Registration open time/)).toHaveValue('09:00');
  await expect(edit.getByLabel(/^Registration close time/)).toHaveValue('18:00');
  await expect(edit.getByLabel(/^Registration close time/)).not.toHaveAttribute('type', 'time');
  const stored = (await (await request.get('/api/v1/products/')).json()) as {
    name: string;
    registration_close_time: string;
  }[];
  expect(stored.find((e) => e.name === name)?.registration_close_time).toBe('18:00');
});

test('a date picked from the calendar is shown DD/MM/YYYY', async ({ page, request }) => {
  const code = ((await (await request.get('/api/v1/association/')).json()) as { code: string }).code;
  await openPanel(page, 'Bookings');
  const form = page.getByRole('form', { name: 'Create event' });
  await form.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: code, exact: true }).click();
  const date = form.getByLabel(/^Date/);
  // a typed date sets the calendar's month; then the 12th is picked from it
  await date.fill('05/03/2027');
  await page.getByRole('button', { name: '12 March 2027' }).click();
  await expect(date).toHaveValue('12/03/2027');
  await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('event-date')).toContainText(
    'Friday 12th March 2027',
  );
});

test("an administrator types a racer's date of birth 05/03/2015 and 5 March 2015 is saved", async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Dob');
  const racer = await registerRacer(request, 'Dana', surname, true, '2013-05-09');
  await openPanel(page, 'Users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(surname);
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: racer.username })
    .getByRole('button', { name: `Edit Dana ${surname}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit Dana ${surname}` });
  const dob = edit.getByLabel(/^Date of Birth/);
  await expect(dob).toHaveValue('09/05/2013');
  await dob.fill('05/03/2015');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();

  const found = await request.get(`/api/v1/profiles/racers/?racer_status=ALL&search=${racer.username}`, {
    headers: await adminHeaders(request),
  });
  const [profile] = (await found.json()).results as { date_of_birth: string }[];
  expect(profile?.date_of_birth).toBe('2015-03-05');
});
