import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { createRaceEvent } from './event-fixtures.ts';
import { DEMO, expect, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { adminHeaders, registerRacer } from './people-fixtures.ts';

/**
 * Booked Participants (doc 2 §2, §4): an administrator views a race event, adds an approved racer
 * (only eligible accounts are offered) within the event's places, downloads the CSV, removes the
 * booking with the exact confirmation, and the booked and remaining counts follow each change.
 */

async function openPanel(page: Page): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Booked Participants' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booked Participants' })).toBeVisible();
}

test('an administrator adds and removes a participant; the counts follow; the CSV downloads', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Bk');
  const name = `Booked Race ${surname}`;
  await createRaceEvent(request, { name, quantity: 2 });
  await registerRacer(request, 'Ada', surname);
  await registerRacer(request, 'Pen', surname, false); // pending: not eligible

  await openPanel(page);
  const row = page.getByRole('table', { name: 'Race events' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('FREE');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');
  await row.getByRole('button', { name: `View participants of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(page.getByTestId('booked-summary')).toContainText('0 booked · 2 remaining');
  await expect(page.getByText('Nobody is booked on this event yet')).toBeVisible();

  // nobody to download yet
  await page.getByRole('button', { name: 'Download CSV' }).click();
  // doc 2 §2, §8: an alert says so (a toast, announced as an alert)
  await expect(page.getByRole('alert').filter({ hasText: 'No participants to download' })).toHaveText(
    'No participants to download',
  );

  await page.getByRole('button', { name: 'Add Participant', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Participant' });
  await add.getByRole('textbox', { name: 'Search users' }).fill(surname);
  const eligible = add.getByRole('list', { name: 'Eligible users' });
  await expect(eligible.getByRole('listitem')).toHaveCount(1);
  await expect(eligible).toContainText(`Ada ${surname}`);
  await expect(eligible).not.toContainText(`Pen ${surname}`);
  await add.getByRole('textbox', { name: 'Search users' }).fill(`${surname}zzz`);
  await expect(add.getByText('No eligible users found')).toBeVisible();
  await add.getByRole('textbox', { name: 'Search users' }).fill(`ada ${surname}`);
  await add.getByRole('button', { name: `Add Ada ${surname}` }).click();
  await expect(page.getByText(`Ada ${surname} was added to ${name}.`)).toBeVisible();
  await expect(add).toBeHidden();

  const participants = page.getByRole('table', { name: 'Participants' });
  const added = participants.getByRole('row').filter({ hasText: surname });
  await expect(added).toContainText('Ada');
  await expect(added).toContainText('SMK');
  await expect(added.getByRole('cell').first()).toHaveText(/^\d+$/);
  await expect(added.getByRole('cell').nth(6)).toHaveText('N/A');
  await expect(page.getByTestId('booked-summary')).toContainText('1 booked · 1 remaining');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Booked-Race-${surname}.csv`);
  const [header, line, ...rest] = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim()).data;
  expect(header).toHaveLength(16);
  expect(header?.[0]).toBe('ERSA ID');
  expect(line?.slice(1, 3)).toEqual(['Ada', surname]);
  expect(rest).toEqual([]);

  await added.getByRole('button', { name: `Remove Ada ${surname}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove participant' });
  await expect(confirm).toContainText(`Are you sure you want to remove Ada ${surname} from ${name}?`);
  await expect(confirm).toContainText('This action cannot be reversed and refunds cannot be issued through this site.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Nobody is booked on this event yet')).toBeVisible();
  await expect(page.getByTestId('booked-summary')).toContainText('0 booked · 2 remaining');

  await page.getByRole('button', { name: 'Return Home' }).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');
});

test('a full event refuses another participant with a message; axe; cards on a phone', async ({ page, request }) => {
  const surname = uniqueSurname('Fu');
  const name = `Full Race ${surname}`;
  await createRaceEvent(request, { name, quantity: 1 });
  await registerRacer(request, 'Fay', surname);
  await registerRacer(request, 'Gus', surname);
  await openPanel(page);
  await page
    .getByRole('table', { name: 'Race events' })
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `View participants of ${name}` })
    .click();
  const add = page.getByRole('dialog', { name: 'Add Participant' });
  await page.getByRole('button', { name: 'Add Participant', exact: true }).click();
  await add.getByRole('textbox', { name: 'Search users' }).fill(`fay ${surname}`);
  await add.getByRole('button', { name: `Add Fay ${surname}` }).click();
  await expect(page.getByTestId('booked-summary')).toContainText('1 booked · 0 remaining');
  await page.getByRole('button', { name: 'Add Participant', exact: true }).click();
  await add.getByRole('textbox', { name: 'Search users' }).fill(`gus ${surname}`);
  await add.getByRole('button', { name: `Add Gus ${surname}` }).click();
  await expect(page.getByText('This event is full.')).toBeVisible();
  await add.getByRole('button', { name: 'Close', exact: true }).click();

  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Participants' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText(`Fay ${surname}`);
  await page.screenshot({ path: 'test-results/booked-participants-phone.png', fullPage: true });
});

test('an open Booked Participants list shows a booking made elsewhere within a second of regaining focus', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Fo');
  const name = `Focus Race ${surname}`;
  const { id } = await createRaceEvent(request, { name, quantity: 3 });
  await registerRacer(request, 'Ada', surname);
  await registerRacer(request, 'Bea', surname);
  const headers = await adminHeaders(request);
  const eligible = (await (await request.get(`/api/v1/products/${id}/eligible-users/`, { headers })).json()) as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  const userOf = (first: string) => eligible.find((u) => u.first_name === first && u.last_name === surname)?.id;
  const book = async (first: string) => {
    const res = await request.post(`/api/v1/products/${id}/add-participant/`, {
      headers,
      data: { user_id: userOf(first) },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const regainFocus = () =>
    page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });

  await openPanel(page);
  const row = page.getByRole('table', { name: 'Race events' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  // booked elsewhere (another browser, the API): the list shows it once the window has focus again
  await book('Ada');
  await regainFocus();
  await expect(row.getByRole('cell').nth(4)).toHaveText('1', { timeout: 1_000 });
  await expect(row.getByRole('cell').nth(5)).toHaveText('2', { timeout: 1_000 });

  await row.getByRole('button', { name: `View participants of ${name}` }).click();
  await expect(page.getByTestId('booked-summary')).toContainText('1 booked · 2 remaining');
  await book('Bea');
  await regainFocus();
  await expect(page.getByTestId('booked-summary')).toContainText('2 booked · 1 remaining', { timeout: 1_000 });
  await expect(
    page.getByRole('table', { name: 'Participants' }).getByRole('row').filter({ hasText: `Bea` }),
  ).toHaveCount(1, { timeout: 1_000 });
});
