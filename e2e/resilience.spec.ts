import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, expect, logInWithModal, setMaintenance, test } from './fixtures.ts';

/** The built file of a page module (chunks are named by their hash alone: vite.config.ts), from
 * the build's manifest. */
function builtFile(module: string): string {
  const dist = process.env.WEB_DIST ?? 'dist/web';
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const file = manifest[module]?.file;
  if (!file) throw new Error(`${module} is not in the build's manifest`);
  return file;
}

/** What a visitor meets when things change under an open page: maintenance starts, or the site is
 * updated and an old page module is gone. */

test('an administrator with the back office open meets the maintenance page on the next call', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
  await setMaintenance(request, true);
  try {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Edit FAQs', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Under Maintenance' })).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  } finally {
    await setMaintenance(request, false);
  }
});

test('a page module that fails to load shows a plain error page, not the developer screen', async ({ page }) => {
  await page.goto('/');
  // as after one automatic reload for a new version: the page does not reload again
  await page.evaluate(() => sessionStorage.setItem('piste:reloaded-for-new-version', '1'));
  await page.route(`**/${builtFile('content/AboutPage.tsx')}`, (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'About' }).click();
  await nav.getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toBeVisible();
  await expect(page.getByText(/Hey developer/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
});
