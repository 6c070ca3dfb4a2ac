import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { apiToken, DEMO, expect, registrarHeaders, test, uniqueUsername } from './fixtures.ts';
import { axeProblems, scanQrCode } from './security-fixtures.ts';

/**
 * An administrator's second factor (issue 27, docs/decisions/0047): enrolment in My Profile →
 * Security, sign-in with the password then the authenticator's code, a recovery code used once,
 * and wrong codes stopped by the sign-in limits. Codes are computed here from the key the page's
 * QR code holds (decoded, issue 37), as the phone's app would.
 */

const SHOTS = 'test-results/totp';

/** A new administrator (registered, then made ADMIN by the super administrator). */
async function newAdmin(request: APIRequestContext) {
  const user = { username: uniqueUsername('admin'), password: 'Snow#Slope42', first_name: 'Alex', last_name: 'Keyes' };
  const email = `${user.username}@example.com`;
  const res = await request.post('/api/v1/register/', {
    headers: await registrarHeaders(request),
    data: {
      ...user,
      email,
      is_racer: false,
      emergency_contact_name: 'Pat Morgan',
      emergency_contact_number: '01234 567891',
      accept_terms_and_conditions: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const promoted = await request.put(`/api/v1/users/update/${id}/`, {
    headers: { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` },
    data: { first_name: user.first_name, last_name: user.last_name, email, admin_level: 'ADMIN' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return user;
}

/** The app's code `steps` time steps from now: a code once accepted is never accepted again, so
 * each later use in a test takes the next step's (the server accepts one step either side). */
function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function openLogin(page: Page, user: { username: string; password: string }) {
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Password', { exact: true }).press('Enter');
  await expect(dialog.getByLabel('Authenticator code')).toBeVisible();
  return dialog;
}

/** Enrols through My Profile → Security; returns the key and the recovery codes shown. */
async function enrol(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByText('You have no authenticator yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add an authenticator' }).click();
  // the password first (issue 37): a stolen session alone cannot add an authenticator
  const password = page.getByLabel('Your password');
  await password.fill('Not#MyPassword1');
  await page.getByRole('button', { name: 'Add an authenticator' }).click();
  await expect(page.getByText('Your password was entered incorrectly.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Setup key' })).toHaveCount(0);
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Add an authenticator' }).click();

  const key = page.getByRole('textbox', { name: 'Setup key' });
  await expect(key).toHaveValue(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = (await key.inputValue()).replaceAll(' ', '');
  const address = `otpauth://totp/ERSA:${user.username}?secret=${secret}&issuer=ERSA`;
  await expect(page.getByRole('textbox', { name: 'Setup address (otpauth)' })).toHaveValue(address);
  // the QR code, as the phone's camera reads it: decoded back to the same address; its key is the
  // one the codes are made from
  const scanned = await scanQrCode(page);
  expect(scanned).toBe(address);
  return { secret: new URL(scanned).searchParams.get('secret') ?? '' };
}

test('an administrator adds an authenticator: the password, the QR code, a wrong then a right first code, the recovery codes', async ({
  page,
  request,
}) => {
  const admin = await newAdmin(request);
  const { secret } = await enrol(page, admin);

  // a wrong first code is refused beside the field
  const field = page.getByRole('textbox', { name: 'Code from the app' });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const right = await codeFor(secret);
  await field.fill(right === '000000' ? '111111' : '000000');
  await field.press('Enter');
  await expect(page.getByText('Invalid code, please try again.')).toBeVisible();
  expect(await axeProblems(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/security-setup-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  await field.fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(page.getByRole('button', { name: 'Download the codes' })).toBeVisible();
  await expect(page.getByTestId('totp-state')).toHaveText('Your authenticator is on. You have 10 recovery codes left.');
  await page.screenshot({ path: `${SHOTS}/security-codes-desktop.png`, fullPage: true });
  expect(await axeProblems(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toHaveCount(0);
});

/** An administrator whose authenticator was added through the API (the key from the answer). */
async function enrolledAdmin(request: APIRequestContext) {
  const admin = await newAdmin(request);
  const headers = { authorization: `Bearer ${await apiToken(request, admin)}` };
  const setup = await request.post('/api/v1/profile/totp/setup/', { headers, data: { password: admin.password } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await request.post('/api/v1/profile/totp/confirm/', {
    headers,
    data: { code: await codeFor(secret) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return { admin, secret };
}

test('an administrator with an authenticator signs in with the password, then a code', async ({ page, request }) => {
  const { admin, secret } = await enrolledAdmin(request);
  await page.goto('/');
  const dialog = await openLogin(page, admin);
  const codeField = dialog.getByLabel('Authenticator code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toBeFocused();
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/login-code-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await codeField.fill(await codeFor(secret, 1));
  await codeField.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Welcome back, ${admin.first_name}!`)).toBeVisible();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});

test('a recovery code signs in once, and not a second time', async ({ page, request }) => {
  const admin = await newAdmin(request);
  const { secret } = await enrol(page, admin);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const listed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const recovery = (await listed.first().textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();

  const dialog = await openLogin(page, admin);
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(recovery.toUpperCase());
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('totp-state')).toHaveText('Your authenticator is on. You have 9 recovery codes left.');
  // turning off asks for the password; on a phone the section fits
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByLabel('Your password')).toBeFocused();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/security-on-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();

  const again = await openLogin(page, admin);
  await again.getByRole('button', { name: 'Use a recovery code' }).click();
  await again.getByLabel('Recovery code').fill(recovery);
  await again.getByLabel('Recovery code').press('Enter');
  await expect(again.getByRole('alert')).toHaveText('Invalid code, please try again.');
  await expect(again.getByLabel('Recovery code')).toHaveValue('');
  await expect(again).toBeVisible();
});

test('wrong codes are stopped by the sign-in limits, and then the right code is refused too', async ({
  page,
  request,
}) => {
  // the limit holds this address for a minute: wait it out at the end so later tests can sign in
  test.setTimeout(150_000);
  const admin = await newAdmin(request);
  const { secret } = await enrol(page, admin);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();

  const dialog = await openLogin(page, admin);
  const codeField = dialog.getByLabel('Authenticator code');
  const right = await codeFor(secret, 1);
  const wrong = right === '123456' ? '654321' : '123456';
  const limited = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
  let seen = '';
  for (let i = 0; i < 11 && seen !== limited; i++) {
    await codeField.fill(wrong);
    await codeField.press('Enter');
    // each answer empties the field and shows its message
    await expect(codeField).toHaveValue('');
    seen = (await dialog.getByRole('alert').textContent()) ?? '';
    if (i === 0) expect(seen).toBe('Invalid code, please try again.');
  }
  expect(seen).toBe(limited);
  await codeField.fill(right);
  await codeField.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(limited);
  await expect(dialog).toBeVisible();

  // the address's minute passes (the account itself stays refused to this address for a while)
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/v1/login/', {
            data: { username: DEMO.parent.username, password: DEMO.parent.password },
          })
        ).status(),
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe(200);
});
