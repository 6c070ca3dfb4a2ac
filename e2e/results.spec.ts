import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, logInWithModal, openAdminOnPhone, test } from './fixtures.ts';

/**
 * Results and points (issue 10): a super administrator uploads a club's results file, corrects a
 * row, deletes one and calculates; a visitor then finds the club's race and the season totals on
 * /results, with the DNQ badge, and the address keeps what they chose.
 */

const FILE = readFileSync(join(import.meta.dirname, '../src/domain/results/fixtures/two-run.csv'));
const YEAR = new Date().getFullYear();
const NORFOLK = 'Norfolk Snowsports Club Race Team';

test.describe.configure({ mode: 'serial' });

async function openPoints(page: Page) {
  await page.goto('/');
  await logInWithModal(page, DEMO.superAdmin);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Points' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Points Calculations' })).toBeVisible();
}

test('a super administrator uploads a results file, corrects a row and calculates the points', async ({ page }) => {
  await openPoints(page);
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(YEAR));
  // the demo season has no Norfolk race this year: greyed, still chosen here to upload
  const norfolk = page.getByRole('button', { name: new RegExp(`^${NORFOLK} \\(NOR\\): No data for ${YEAR}`) });
  await norfolk.click();
  await expect(page.getByText('No data available. Upload club results to view data.')).toBeVisible();

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: `Upload ${NORFOLK} results for ${YEAR}` });
  const chooser = upload.locator('input[type="file"]');
  await chooser.setInputFiles({ name: 'results.txt', mimeType: 'text/plain', buffer: FILE });
  await expect(upload.getByText('Please upload a CSV file')).toBeVisible();
  await chooser.setInputFiles({ name: 'norfolk.csv', mimeType: 'text/csv', buffer: FILE });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();

  // eight rows; the short last line is reported by its number
  const rows = page.getByTestId('raw-row');
  await expect(rows).toHaveCount(8);
  await expect(page.getByTestId('skipped-lines')).toContainText('Line 12: too few columns');
  await expect(rows.filter({ hasText: 'Beth Jones' })).toContainText('31.00');
  await page.screenshot({ path: 'test-results/points-raw-table.png', fullPage: true });

  // a run must be a time, DNS, DNF, DSQ or empty
  await page.getByRole('button', { name: 'Edit row 10 Finn Hall' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit row' });
  const run1 = await editor.getByLabel('Run 1').inputValue();
  await editor.getByLabel('Run 1').fill('-3.00');
  await editor.getByRole('button', { name: 'Save row' }).click();
  await expect(editor.getByText('Run 1 must be a time, DNS, DNF, DSQ or empty')).toBeVisible();
  await editor.getByLabel('Run 1').fill(run1);
  // a typed time must be a time or DNF/DNS/DSQ; a good one is kept and marked
  await editor.getByLabel('Time').fill('quick');
  await editor.getByRole('button', { name: 'Save row' }).click();
  await expect(editor.getByText('Enter a valid time or DNF/DNS/DSQ')).toBeVisible();
  await editor.getByLabel('Time').fill('39.5');
  await editor.getByRole('button', { name: 'Save row' }).click();
  await expect(editor).toBeHidden();
  await expect(rows.filter({ hasText: 'Finn Hall' })).toContainText('39.50edited');

  // a racer number on two rows is said before calculating
  await page.getByRole('button', { name: 'Edit row 4 Beth Jones' }).click();
  await editor.getByLabel('ERSA ID').fill('101');
  await editor.getByRole('button', { name: 'Save row' }).click();
  const twice = page.getByRole('alert').filter({ hasText: 'Correct these rows before calculating' });
  await expect(twice).toContainText('ERSA ID 101 appears on more than one row (lines 3, 4)');
  await page.getByRole('button', { name: 'Edit row 4 Beth Jones' }).click();
  await editor.getByLabel('ERSA ID').fill('102');
  await editor.getByRole('button', { name: 'Save row' }).click();
  await expect(twice).toHaveCount(0);

  // deleting a row asks first
  await page.getByRole('button', { name: 'Delete row 6 Dana Cole' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete row' });
  await confirm.getByRole('button', { name: 'Delete row' }).click();
  await expect(rows).toHaveCount(7);

  await page.getByRole('button', { name: 'Calculate points' }).click();
  // the DNS row is not sent: six results
  await expect(page.getByText('6 results for NOR calculated.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  const women = page.getByRole('table', { name: 'Women U10' });
  await expect(women.getByRole('row')).toHaveCount(4);
  await expect(women.getByRole('row').nth(1)).toContainText('Smith, Amy');
  await expect(women.getByRole('row').nth(1)).toContainText('100.00');
  await expect(page.getByRole('table', { name: 'Men U14' })).toContainText('39.50');

  // calculated again (the same corrections), the club's earlier tables are not shown while the
  // new ones load (the reads held back here so the wait is seen)
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await upload.locator('input[type="file"]').setInputFiles({ name: 'norfolk.csv', mimeType: 'text/csv', buffer: FILE });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('button', { name: 'Edit row 10 Finn Hall' }).click();
  await editor.getByLabel('Time').fill('39.5');
  await editor.getByRole('button', { name: 'Save row' }).click();
  await page.getByRole('button', { name: 'Delete row 6 Dana Cole' }).click();
  await confirm.getByRole('button', { name: 'Delete row' }).click();
  await expect(rows).toHaveCount(7);
  const held = '**/race-events/*/category-results/**';
  await page.route(held, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Calculate points' }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Men U14' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Men U14' })).toContainText('39.50');
  await page.unroute(held);

  await page.getByRole('tab', { name: 'Club Points' }).click();
  const clubs = page.getByRole('table', { name: 'Club points' });
  await expect(clubs.getByRole('row').nth(1)).toContainText('Hemel Ski Race Club (HEM)');
  await expect(clubs.getByRole('row').nth(1)).toContainText('200.00');
  await expect(norfolk).toHaveCount(0);
  await expect(page.getByRole('button', { name: `${NORFOLK} (NOR)` })).toBeVisible();
  await page.screenshot({ path: 'test-results/points-calculated.png', fullPage: true });
});

test('a visitor picks the year and the club on /results and sees the tabs and the season totals', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/results');
  await expect(page.getByRole('heading', { level: 1, name: `${YEAR} Results` })).toBeVisible();
  await expect(page.getByText('Please select a year and club')).toBeVisible();
  // a club without results for the year cannot be chosen
  await expect(page.getByRole('button', { name: /^MK Ski Race Team \(SMK\): No results/ })).toBeDisabled();

  await page.getByRole('button', { name: `${NORFOLK} (NOR)` }).click();
  await expect(page).toHaveURL(new RegExp(`/results\\?year=${YEAR}&club=NOR$`));
  await expect(page.getByRole('heading', { level: 1, name: `${NORFOLK} ${YEAR} Results` })).toBeVisible();
  const women = page.getByRole('table', { name: 'Women U10' });
  await expect(women.getByRole('row').nth(1)).toContainText('Smith, Amy');
  // Cara Lee and Beth Jones tie on 31.00: they share 2nd and the average of 80 and 60
  await expect(women.getByRole('row').filter({ hasText: 'Cara Lee' })).toContainText('70.00');
  await expect(women.getByRole('row').filter({ hasText: 'Beth Jones' })).toContainText('70.00');
  // a race's seven columns fit the phone's screen, points and Best 4 included
  const fit = await women.evaluate((table) => [table.scrollWidth, (table.parentElement as HTMLElement).clientWidth]);
  expect(fit[0]).toBeLessThanOrEqual(fit[1] as number);
  const best = await women.getByRole('columnheader', { name: 'Best 4' }).boundingBox();
  expect((best?.x ?? 0) + (best?.width ?? 0)).toBeLessThanOrEqual(390);

  await page.getByRole('tab', { name: 'Overall Standings' }).click();
  await expect(page).toHaveURL(/tab=overall/);
  await expect(page.getByRole('table', { name: 'Women U08-U12' }).getByRole('row')).toHaveCount(5);
  await page.getByRole('tab', { name: 'Club Points' }).click();
  await expect(page.getByRole('table', { name: 'Club points' }).getByRole('row')).toHaveCount(6);

  // the address is the view: opened afresh, the server paints the same tab
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Club Points' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Club points' }).getByRole('row')).toHaveCount(6);

  await page.getByRole('button', { name: `ERSA Season Totals ${YEAR}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `ERSA Season Totals ${YEAR}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Overall Standings' }).click();
  const seniorMen = page.getByRole('table', { name: 'Men U14-MA4' });
  const finn = seniorMen.getByRole('row').filter({ hasText: 'Finn Hall' });
  const dnq = finn.getByTestId('dnq');
  const words = 'Does Not Qualify - Please complete 3 more race(s) to qualify';
  await expect(dnq).toHaveAccessibleDescription(words);
  await expect(dnq.getByText('DNQ', { exact: true })).toBeVisible();
  await expect(dnq.getByRole('tooltip')).toBeHidden();
  // a tap (or a hover, or the keyboard) shows the words
  await dnq.click();
  await expect(dnq.getByRole('tooltip')).toHaveText(words);
  await expect(dnq.getByRole('tooltip')).toBeVisible();
  await page.screenshot({ path: 'test-results/results-season-phone.png', fullPage: true });

  // another year hides the results until a club is chosen
  await page.getByLabel('Year').selectOption(String(YEAR - 1));
  await expect(page).toHaveURL(new RegExp(`/results\\?year=${YEAR - 1}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${YEAR - 1} Results` })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Hemel Ski Race Club \(HEM\): No results/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Vikings Ski Race Team (VIK)' }).click();
  await expect(page.getByTestId('result-row').first()).toBeVisible();

  // an address naming a year without results says so, and shows the year it falls back to
  await page.goto('/results?year=2019&club=NOR');
  await expect(page.getByRole('heading', { level: 1, name: `${NORFOLK} ${YEAR} Results` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'There are no results for 2019' })).toHaveText(
    `There are no results for 2019; showing ${YEAR}.`,
  );
});

test('rows whose gender or category is not allowed are marked when the file is read, and Calculate says how many to fix', async ({
  page,
}) => {
  const file = Buffer.from(
    [
      ',,,ERSA,,,Age,,,',
      'Pos,Bib,Name,ID,Club,Gender,Grp.,Run 1,Run 2,Time',
      '1,12,Ann Able,301,HEM,F,U10,30.00,30.50,30.00',
      '2,13,Bea Bad,302,HEM,X,U10,31.00,31.50,31.00',
      '3,14,Cal Wrong,303,HEM,M,U99,32.00,32.50,32.00',
    ].join('\n'),
  );
  await openPoints(page);
  await page.getByRole('button', { name: new RegExp(`^${NORFOLK} \\(NOR\\)`) }).click();
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: `Upload ${NORFOLK} results for ${YEAR}` });
  await upload.locator('input[type="file"]').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: file });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();

  const rows = page.getByTestId('raw-row');
  await expect(rows).toHaveCount(3);
  // marked as soon as the file is read: the file's line and the reason on the row
  const bea = rows.filter({ hasText: 'Bea Bad' });
  await expect(bea.getByRole('cell').first()).toHaveText('4');
  await expect(bea).toContainText('Gender must be Men or Women');
  const cal = rows.filter({ hasText: 'Cal Wrong' });
  await expect(cal.getByRole('cell').first()).toHaveText('5');
  await expect(cal).toContainText('Category must be one of U08, U10');
  await expect(rows.filter({ hasText: 'Ann Able' })).not.toContainText('must be');

  await page.getByRole('button', { name: 'Calculate points' }).click();
  await expect(page.getByText('2 rows to fix before calculating: see the marked rows')).toBeVisible();
  await expect(page.getByText('Failed to calculate points. Please try again.')).toHaveCount(0);
  // nothing was sent: the rows are still there to correct
  await expect(rows).toHaveCount(3);
});

test('on a phone the upload dialog shows both file formats inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAdminOnPhone(page, DEMO.superAdmin);
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page
    .getByRole('dialog')
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('button', { name: 'Points' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Points Calculations' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${NORFOLK} \\(NOR\\)`) }).click();
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: `Upload ${NORFOLK} results for ${YEAR}` });
  for (const format of ['Results file (two header rows)', 'Race Horology export']) {
    const label = upload.locator('label').filter({ hasText: format });
    await expect(label).toBeVisible();
    const box = await label.boundingBox();
    expect(box?.x ?? -1, format).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), format).toBeLessThanOrEqual(375);
  }
});
