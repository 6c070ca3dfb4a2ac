import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures.ts';

/**
 * Public results printed and downloaded (issue 26 "Parents"): printed, the page is the results
 * alone (no menu, header, footer, year, club or tab pickers), one table per category under its
 * heading; "Download CSV" gives the shown view with the columns the page shows.
 */

const YEAR = new Date().getFullYear();
const HEMEL = 'Hemel Ski Race Club';

const squash = (text: string) => text.replace(/\s+/g, '');

/** The shown tables as the CSV should hold them: each row led by its table's name. */
async function tablesAsRows(tables: Locator) {
  const rows: string[][] = [];
  for (const table of await tables.all()) {
    const name = (await table.getAttribute('aria-label')) ?? '';
    for (const row of await table.locator('tbody tr').all()) {
      rows.push([name, ...(await row.locator('td').allInnerTexts())].map(squash));
    }
  }
  return rows;
}

async function download(page: Page) {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const done = await file;
  const text = await readFile((await done.path()) as string, 'utf8');
  return { name: done.suggestedFilename(), csv: Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data };
}

test('a club race’s results print as one table per category, without the menu or the pickers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/results?year=${YEAR}&club=HEM`);
  await expect(page.getByRole('heading', { level: 1, name: `${HEMEL} ${YEAR} Results` })).toBeVisible();
  const sections = page.getByRole('main').locator('section[aria-label]');
  const tables = page.getByRole('main').getByRole('table');
  await expect(tables.first()).toBeVisible();
  const count = await tables.count();
  expect(count).toBeGreaterThan(1);
  await expect(sections).toHaveCount(count);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByLabel('Year')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('results-screen-1280.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  // the site's header (its menu and sign-in), the footer and every picker are gone
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  for (const button of await page.getByRole('button', { name: 'Log In' }).all()) await expect(button).toBeHidden();
  await expect(page.getByLabel('Year')).toBeHidden();
  await expect(page.getByText('Please select a year and club')).toBeHidden();
  await expect(page.getByRole('button', { name: `${HEMEL} (HEM)` })).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Results' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  // the title stays, in black; each category its heading and one table, all of them there
  const title = page.getByRole('heading', { level: 1, name: `${HEMEL} ${YEAR} Results` });
  await expect(title).toBeVisible();
  expect(await title.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(0, 0, 0)');
  await expect(tables.filter({ visible: true })).toHaveCount(count);
  for (const section of await sections.all()) {
    const name = (await section.getAttribute('aria-label')) ?? '';
    await expect(section.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    await expect(section.getByRole('table')).toHaveCount(1);
    expect(await section.locator('h3').evaluate((h) => getComputedStyle(h).breakAfter)).toBe('avoid');
    expect(
      await section
        .locator('tbody tr')
        .first()
        .evaluate((r) => getComputedStyle(r).breakInside),
    ).toBe('avoid');
  }
  // nothing scrolls sideways inside a frame: the whole table is on the paper
  expect(await tables.first().evaluate((t) => getComputedStyle(t.parentElement as HTMLElement).overflowX)).toBe(
    'visible',
  );
  await page.pdf({ path: test.info().outputPath('results.pdf') }).catch(() => undefined);
  await page.screenshot({ path: test.info().outputPath('results-print-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(tables.filter({ visible: true })).toHaveCount(count);
  await page.screenshot({ path: test.info().outputPath('results-print-375.png'), fullPage: true });
});

test('Download CSV gives the shown view: the table’s headings and rows, each tab its own', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/results?year=${YEAR}&club=HEM`);
  const tables = page.getByRole('main').getByRole('table');
  await expect(tables.first()).toBeVisible();
  await page.getByRole('tablist', { name: 'Results' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('results-download-375.png') });

  // categories: a Category column, then the page's columns; every row of every table
  const categories = await download(page);
  expect(categories.name).toBe(`Hemel-Ski-Race-Club-${YEAR}-Results-Categories.csv`);
  const heads = await tables.first().locator('thead th').allInnerTexts();
  expect(heads).toEqual(['Pos', 'ERSA ID', 'Name', 'Club', 'Time', 'Points', 'Best 4']);
  const [header, ...rows] = categories.csv;
  expect(header).toEqual(['Category', ...heads]);
  const shown = await tablesAsRows(tables);
  expect(shown.length).toBeGreaterThan(5);
  expect(rows.map((r) => r.map(squash))).toEqual(shown);

  // overall standings: the groups' tables
  await page.getByRole('tab', { name: 'Overall Standings' }).click();
  await expect(page.getByRole('tab', { name: 'Overall Standings' })).toHaveAttribute('aria-selected', 'true');
  await expect(tables.first().locator('thead th').first()).toHaveText('Pos');
  // the overall groups' tables (Women U08-U12 and the like) have replaced the categories'
  await expect(page.getByRole('table', { name: /U08-U12$/ }).first()).toBeVisible();
  const overall = await download(page);
  expect(overall.name).toBe(`Hemel-Ski-Race-Club-${YEAR}-Results-Overall-Standings.csv`);
  expect(overall.csv[0]).toEqual(['Group', ...(await tables.first().locator('thead th').allInnerTexts())]);
  expect(overall.csv.slice(1).map((r) => r.map(squash))).toEqual(await tablesAsRows(tables));

  // club points: one table, no section column
  await page.getByRole('tab', { name: 'Club Points' }).click();
  const clubTable = page.getByRole('table', { name: 'Club points' });
  await expect(clubTable).toBeVisible();
  const clubs = await download(page);
  expect(clubs.csv[0]).toEqual(['Pos', 'Club', 'Points']);
  const clubRows = await clubTable.locator('tbody tr').all();
  expect(clubs.csv).toHaveLength(clubRows.length + 1);
  for (const [i, row] of clubRows.entries()) {
    expect(clubs.csv[i + 1]?.map(squash)).toEqual((await row.locator('td').allInnerTexts()).map(squash));
  }
});
