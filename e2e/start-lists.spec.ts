import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import Papa from 'papaparse';
import { createRaceEvent } from './event-fixtures.ts';
import { DEMO, expect, logInWithModal, openAdminOnPhone, test, uniqueSurname } from './fixtures.ts';
import { adminHeaders, registerRacer } from './people-fixtures.ts';

/**
 * Start lists (issue 27): an administrator links a race to its club race, allocates bibs around
 * reserved numbers, sees the start list with bibs and names, prints it and downloads the CSV for
 * Race Horology; a super administrator then imports Race Horology's results export (written here
 * as its Export.cs writes it, from the downloaded start list) through the column mapping and sees
 * the results.
 */

const YEAR = new Date().getFullYear();
const MK = 'MK Ski Race Team';

test.describe.configure({ mode: 'serial' });

const surname = uniqueSurname('St');
const race = `Start Race ${surname}`;
let csv = '';

/** Three approved racers booked on a new race: Ada and Cy (U10) and Bea (U14) this season. */
async function raceWithEntrants(request: APIRequestContext): Promise<number> {
  const { id } = await createRaceEvent(request, { name: race, quantity: 10 });
  const born: Record<string, string> = { Ada: `${YEAR - 9}-04-01`, Bea: `${YEAR - 12}-01-01`, Cy: `${YEAR - 9}-06-01` };
  for (const [first, dob] of Object.entries(born)) await registerRacer(request, first, surname, true, dob);
  const headers = await adminHeaders(request);
  const eligible = (await (await request.get(`/api/v1/products/${id}/eligible-users/`, { headers })).json()) as {
    id: number;
    last_name: string;
  }[];
  for (const u of eligible.filter((e) => e.last_name === surname)) {
    const res = await request.post(`/api/v1/products/${id}/add-participant/`, { headers, data: { user_id: u.id } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return id;
}

async function openStartLists(page: Page, user = DEMO.admin): Promise<void> {
  await page.goto('/');
  await logInWithModal(page, user);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Start Lists' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Start Lists' })).toBeVisible();
}

async function chooseRace(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Race event' }).click();
  await page.getByRole('option', { name: new RegExp(`^${race} - `) }).click();
}

test('an administrator links a race, allocates bibs around reserved numbers, sees and downloads the start list', async ({
  page,
  request,
}) => {
  await raceWithEntrants(request);
  await openStartLists(page);
  await chooseRace(page);
  await expect(page.getByText('Not linked yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allocate bibs' })).toBeDisabled();

  // link to this season's MK club race
  await page.getByRole('combobox', { name: 'Results year' }).click();
  await page.getByRole('option', { name: String(YEAR), exact: true }).click();
  await page.getByRole('combobox', { name: 'Points club' }).click();
  await page.getByRole('option', { name: `SMK — ${MK}` }).click();
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page.getByText(`${race} is linked to the SMK ${YEAR} club race.`)).toBeVisible();
  await expect(page.getByText(`Linked to the SMK ${YEAR} club race: categories are for ${YEAR}`)).toBeVisible();

  // a bad reserved list is said line by line, and nothing can be allocated until it is right
  const reserved = page.getByRole('textbox', { name: 'Reserved numbers' });
  await reserved.fill('1-2, x');
  await expect(page.getByText('Line 1: "x" is not a number or a range like 1-9.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allocate bibs' })).toBeDisabled();
  await reserved.fill('1-2');
  await page.getByRole('button', { name: 'Allocate bibs' }).click();
  await expect(page.getByText('3 bibs allocated.')).toBeVisible();

  // one table per category, bibs from 3 (1 and 2 reserved), by name within the category
  const u10 = page.getByRole('region', { name: 'Women U10 (2)' });
  await expect(u10.getByRole('row')).toHaveCount(3);
  await expect(u10.getByRole('row').nth(1)).toContainText(`3`);
  await expect(u10.getByRole('row').nth(1)).toContainText(`Ada ${surname}`);
  await expect(u10.getByRole('row').nth(2)).toContainText(`Cy ${surname}`);
  const u14 = page.getByRole('region', { name: 'Women U14 (1)' });
  await expect(u14.getByRole('row').nth(1)).toContainText(`5`);
  await expect(u14.getByRole('row').nth(1)).toContainText(`Bea ${surname}`);
  await expect(u14.getByRole('row').nth(1)).toContainText('SMK');
  await expect(page.getByText('3 entrants, 3 with a bib')).toBeVisible();
  await page.screenshot({ path: 'test-results/start-list-desktop.png', fullPage: true });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // allocating again asks first; cancelled, nothing moves
  await page.getByRole('button', { name: 'Allocate bibs' }).click();
  const confirm = page.getByRole('dialog', { name: 'Allocate every bib again?' });
  await expect(confirm).toContainText('3 entrants have a bib already.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(u10.getByRole('row').nth(1)).toContainText('3');

  // printed: the start list alone
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Allocate bibs' })).toBeHidden();
  await expect(page.getByRole('heading', { name: `${race} — start list` })).toBeVisible();
  await expect(page.getByText('3 bibs allocated.')).toBeHidden();
  await page.screenshot({ path: 'test-results/start-list-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // the CSV in Race Horology's import columns
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Start-Race-${surname}-start-list.csv`);
  csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
  expect(header).toEqual(['Bib', 'SvId', 'Name', 'Firstname', 'Sex', 'Year', 'Club', 'Class']);
  expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[6], r[7]])).toEqual([
    ['3', surname, 'Ada', 'W', 'SMK', 'U10'],
    ['4', surname, 'Cy', 'W', 'SMK', 'U10'],
    ['5', surname, 'Bea', 'W', 'SMK', 'U14'],
  ]);
});

/** Race Horology's results export for the start list, as Export.cs (RaceExport, CsvExport) writes
 * it: its column names, .NET TimeSpan times, Resultcode_N (Normal, NiZ, NaS), CRLF, a UTF-8 BOM. */
function raceHorologyExport(startList: string): Buffer {
  const [, ...rows] = Papa.parse<string[]>(startList.trim()).data;
  const runs: Record<string, string[]> = {
    Ada: ['00:00:30.1200000', '30.12', 'Normal', '00:00:31.0000000', '31', 'Normal', '00:01:01.1200000', '61.12', '1'],
    Cy: ['', '', 'NiZ', '00:00:32.5000000', '32.5', 'Normal', '', '', ''],
    Bea: ['00:00:40.0000000', '40', 'Normal', '', '', 'NaS', '', '', ''],
  };
  const header =
    'Id,CodeOrId,Name,Firstname,Fullname,Category,CategoryShort,Year,Club,Nation,Class,Group,StartNumber,Points,Runtime_1,RuntimeSeconds_1,Resultcode_1,Runtime_2,RuntimeSeconds_2,Resultcode_2,Totaltime,Totaltime_Seconds,Total_Position,Total_RacePoints';
  const lines = rows.map(([bib, svId, name, first, , year, club], i) => {
    const r = runs[first ?? ''] ?? [];
    return [
      i + 1,
      svId,
      name,
      first,
      `"${name}, ${first}"`,
      'Weiblich',
      'W',
      year,
      club,
      '',
      '',
      '',
      bib,
      '-1',
      ...r,
      '',
    ].join(',');
  });
  // a participant added in Race Horology on the day, not on our start list
  lines.push(
    [
      '4',
      '',
      'Ghost',
      'Gus',
      '"Ghost, Gus"',
      'Männlich',
      'M',
      '2015',
      'SMK',
      '',
      '',
      '',
      '99',
      '-1',
      '00:00:35.0000000',
      '35',
      'Normal',
      '',
      '',
      'NaS',
      '',
      '',
      '',
      '',
    ].join(','),
  );
  return Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`, 'utf8');
}

test('a super administrator imports the Race Horology results through the column mapping and sees the results', async ({
  page,
}) => {
  expect(csv).not.toBe('');
  await page.goto('/');
  await logInWithModal(page, DEMO.superAdmin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Points' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Points Calculations' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${MK} \\(SMK\\)`) }).click();
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: `Upload ${MK} results for ${YEAR}` });
  await upload.getByText('Race Horology export').click();
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'race-horology.csv',
    mimeType: 'text/csv',
    buffer: raceHorologyExport(csv),
  });
  // the mapping is filled from Race Horology's own column names
  const mapping = upload.getByTestId('column-mapping');
  await expect(mapping.getByRole('combobox', { name: 'Bib' })).toHaveValue('StartNumber');
  await expect(mapping.getByRole('combobox', { name: 'ERSA ID' })).toHaveValue('CodeOrId');
  await expect(mapping.getByRole('combobox', { name: 'Run 1 status' })).toHaveValue('Resultcode_1');
  await expect(mapping.getByRole('combobox', { name: 'Run 3 time' })).toHaveValue('Not in the file');
  await page.screenshot({ path: 'test-results/start-list-mapping.png', fullPage: true });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();

  // matched by bib: names from the racers, statuses normalised with the original text shown
  const rows = page.getByTestId('raw-row');
  await expect(rows).toHaveCount(4);
  // the row no racer matches is kept, marked, and said with its line; here it is deleted
  await expect(page.getByTestId('unmatched-rows')).toContainText(
    'Line 5: no racer has bib 99 on the start list (bib 99, Ghost, Gus)',
  );
  await page.getByRole('button', { name: 'Delete row 5 Gus Ghost' }).click();
  await page.getByRole('dialog', { name: 'Delete row' }).getByRole('button', { name: 'Delete row' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `Ada ${surname}` })).toContainText('30.12');
  const cy = rows.filter({ hasText: `Cy ${surname}` });
  await expect(cy).toContainText('DNF');
  await expect(cy).toContainText('Run 1: NiZ');
  await expect(rows.filter({ hasText: `Bea ${surname}` })).toContainText('Run 2: NaS');

  await page.getByRole('button', { name: 'Calculate points' }).click();
  await expect(page.getByText('3 results for SMK calculated.')).toBeVisible();
  const u10 = page.getByRole('table', { name: 'Women U10' });
  await expect(u10.getByRole('row').nth(1)).toContainText(surname);
  await expect(page.getByRole('table', { name: 'Women U14' })).toContainText(surname);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the start list fits a phone', async ({ page }) => {
    await openAdminOnPhone(page, DEMO.admin);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page
      .getByRole('dialog')
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Start Lists' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Start Lists' })).toBeVisible();
    await chooseRace(page);
    await expect(page.getByRole('region', { name: 'Women U10 (2)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/start-list-phone.png', fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
