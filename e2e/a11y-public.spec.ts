import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

/**
 * An axe scan of every public page, at desktop and phone width, with no serious or critical
 * violations. Nothing is excluded. Each page is scanned once its content has loaded, and the
 * Booking page once more with a card turned to its back (documents tabs).
 */

const PAGES: { path: string; ready: string | RegExp }[] = [
  { path: '/', ready: 'Upcoming Events' },
  { path: '/about', ready: 'Meet Our Team' },
  { path: '/booking', ready: 'Book Your Race Now' },
  { path: '/schools', ready: 'Schools events' },
  { path: '/slopes', ready: 'Hemel Ski Race Club' },
  { path: '/safeguarding', ready: 'Have a concern?' },
  { path: '/contact', ready: 'Frequently Asked Questions' },
  { path: '/governance', ready: 'Governance' },
  { path: '/policies', ready: 'Policies' },
  { path: '/results?club=HEM', ready: 'Women U08' },
  { path: '/results?club=season&tab=overall', ready: 'Men U08-U12' },
  { path: '/no-such-page', ready: '404 - Page Not Found' },
];

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 812 },
];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const viewport of VIEWPORTS) {
  for (const { path, ready } of PAGES) {
    test(`${path} has no serious accessibility violations (${viewport.label})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
      // wait for the page's data: no loaders or skeletons left
      await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test(`a flipped event card has no serious accessibility violations (${viewport.label})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/booking');
    await page.getByRole('button', { name: 'Details of Hemel Open Slalom' }).click();
    await expect(page.getByRole('tab', { name: 'Race Day Timetable' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
