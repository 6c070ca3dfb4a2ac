import { expect, logInWithModal, registerUser, test } from './fixtures.ts';

/** The web shell of doc 1 §2: navigation bar, footer, 404, navigation guards, narrow screens. */

test('the navigation bar links the public pages and opens the account modals', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Booking', 'Schools', 'Results', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: /Policies/ })).toHaveAttribute('target', '_blank');

  // the About dropdown groups the association's pages
  await nav.getByRole('button', { name: 'About' }).click();
  for (const name of ['About Us', 'Clubs', 'Governance', 'Safeguarding']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Clubs', exact: true }).click();
  await expect(page).toHaveURL(/\/slopes$/);

  // Log In and Register are buttons that open modals, not routes
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/slopes$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('the About group is a disclosure: its button shows and hides its four links', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const about = nav.getByRole('button', { name: 'About' });
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  const list = page.locator(`[id="${await about.getAttribute('aria-controls')}"]`);
  await expect(list).toBeHidden();

  // a click shows the links; Escape hides them and focus goes back to the button
  await about.click();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await expect(list.getByRole('link')).toHaveText(['About Us', 'Clubs', 'Governance', 'Safeguarding']);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(about).toBeFocused();

  // from the keyboard: Enter shows them, Tab reaches the first, Enter follows it and closes the list
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: 'About Us' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(list).toBeHidden();
  await expect(list.getByRole('link', { name: 'About Us', includeHidden: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // focus leaving the group closes it
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  await expect(list).toBeHidden();

  // a click elsewhere closes it
  await about.click();
  await expect(list).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(list).toBeHidden();

  // a mouse resting on it opens it, and leaving closes it
  await page.mouse.move(640, 600);
  await about.hover();
  await expect(list).toBeVisible();
  await list.getByRole('link', { name: 'Governance' }).hover();
  await expect(list).toBeVisible();
  await page.mouse.move(640, 600);
  await expect(list).toBeHidden();

  // a link navigates
  await about.click();
  await list.getByRole('link', { name: 'Safeguarding' }).click();
  await expect(page).toHaveURL(/\/safeguarding$/);
  await expect(list).toBeHidden();
});

test('a logged-in user sees the cart, My Profile, initials menu and Logout', async ({ page, request }) => {
  const user = await registerUser(request, { first_name: 'Robin', last_name: 'Hale' });
  await page.goto('/');
  await logInWithModal(page, user);

  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Cart: 0 items, total £0\.00$/ })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  // an ordinary user has no Admin link
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Account menu for ${user.username}` })).toHaveText('RH');

  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart:/ })).toHaveCount(0);
});

test('the footer shows its links and the version v{backend}.0028', async ({ page, request }) => {
  const { version } = (await (await request.get('/api/v1/version/')).json()) as { version: string };
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByTestId('version')).toHaveText(`v${version}.0028`);
  await expect(footer.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/contact#faq');
  await expect(footer.getByRole('link', { name: 'Meet the Team' })).toHaveAttribute('href', '/about#team');
  await expect(footer.getByRole('link', { name: 'Clubs' })).toHaveAttribute('href', '/slopes');
  await expect(footer.getByRole('link', { name: 'Safeguarding', exact: true })).toHaveAttribute(
    'href',
    '/safeguarding',
  );

  await footer.getByRole('link', { name: 'Clubs' }).click();
  await expect(page).toHaveURL(/\/slopes$/);
  // a new page starts at the top
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('navigation guards: anonymous /profile and an ordinary user on /admin go home', async ({ page, request }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/?redirect=%2Fprofile');
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();

  const user = await registerUser(request);
  await logInWithModal(page, user);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  // the profile is reachable once logged in
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the bar is a burger opening a side menu; choosing a link closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    for (const name of [
      'Home',
      'About Us',
      'Clubs',
      'Governance',
      'Safeguarding',
      'Booking',
      'Schools',
      'Results',
      'Contact',
    ]) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: /Policies/ })).toHaveAttribute('target', '_blank');
    await expect(drawer.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Register', exact: true })).toBeVisible();

    // the close button and Escape close it, and focus goes back to the burger
    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await drawer.getByRole('button', { name: 'Close navigation menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
    await burger.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();

    await burger.click();
    await drawer.getByRole('link', { name: 'Results' }).click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    // Log In from the side menu closes it and opens the login modal
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  });
});

test('My Profile and Logout stay in reach at every width', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/');
  await logInWithModal(page, user);
  const bar = page.getByRole('banner');

  // from the phone breakpoint up to a wide screen they are in the bar itself
  for (const width of [1280, 1100, 900, 769]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(bar.getByRole('link', { name: 'My Profile', exact: true }), `at ${width} px`).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Logout', exact: true }), `at ${width} px`).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
  }

  // at 768 px or less they are in the side menu
  for (const width of [768, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(bar.getByRole('link', { name: 'My Profile', exact: true })).toBeHidden();
    await bar.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'My Profile', exact: true }), `at ${width} px`).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout', exact: true }), `at ${width} px`).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }

  // and they work from the bar at a middle width
  await page.setViewportSize({ width: 900, height: 800 });
  await bar.getByRole('link', { name: 'My Profile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await bar.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
});

/** Waits until the page has stopped scrolling (a smooth scroll has finished). */
async function scrollSettled(page: import('@playwright/test').Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
}

for (const width of [1280, 900, 375]) {
  test(`footer links to #faq and #team show their heading below the sticky bar (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const [link, heading] of [
      ['FAQs', 'Frequently Asked Questions'],
      ['Meet the Team', 'Meet Our Team'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
      const title = page.getByRole('heading', { level: 2, name: heading });
      await expect(title).toBeVisible();
      await scrollSettled(page);
      const bar = await page.getByRole('banner').boundingBox();
      const box = await title.boundingBox();
      expect(await page.evaluate(() => window.scrollY), `${link} scrolled down`).toBeGreaterThan(0);
      expect(box?.y ?? -1, `${heading} is below the bar`).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
      expect((box?.y ?? 0) + (box?.height ?? 0), `${heading} is on screen`).toBeLessThanOrEqual(800);
    }
  });
}
