import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { TOTP_MSG } from '../src/domain/accounts/totp.ts';
import { expect, test } from './fixtures.ts';
import { APP_PORT } from './ports.ts';
import { axeProblems, scanQrCode } from './security-fixtures.ts';

/**
 * Issue 37, docs/decisions/0062: in production a super administrator must have a second factor
 * (TOTP_REQUIRED_FOR_SUPER is on by default there). This file starts its own server in production
 * mode (the shared one runs in development) on a fresh embedded database, whose super administrator
 * comes from `npm run create-admin` as on a new installation: after the password they land on My
 * Profile → Security with the reason, another page brings them back, and once the authenticator is
 * on (its key read from the QR code, as a phone would) the back office is theirs, same session.
 */

const ROOT = join(import.meta.dirname, '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const PORT = APP_PORT + 3000;
const BASE = `http://127.0.0.1:${PORT}`;

let dataDir = '';
let server: ChildProcess | null = null;
let admin = { username: 'chiefadmin', password: '' };

function environment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: BASE,
    WEB_DIST: process.env.WEB_DIST ?? 'dist/web',
    LOG_LEVEL: 'warn',
    PAINT_LIMIT_PER_MINUTE: '0',
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(join(tmpdir(), 'piste-e2e-totp-required-'));
  const env = environment();
  const made = spawn(NODE, ['scripts/create-admin.ts', 'chiefadmin', 'chief@example.org', 'Chief', 'Admin'], {
    cwd: ROOT,
    env,
  });
  let output = '';
  made.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  made.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(made, 'close')) as [number | null];
  expect(code, output).toBe(0);
  admin = { username: 'chiefadmin', password: /shown only this once\): (\S+)/.exec(output)?.[1] ?? '' };
  expect(admin.password, output).not.toBe('');

  server = spawn(NODE, ['dist/server/main.js'], { cwd: ROOT, env, stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${BASE}/api/v1/version/`).catch(() => null);
    if (res?.status === 200) break;
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('the production server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const ENROLMENT = new RegExp(`^${BASE}/profile\\?tab=security$`);

test('in production a super administrator without a second factor is sent to set one up, then has the back office', async ({
  page,
}) => {
  await page.goto(`${BASE}/`);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Username').fill(admin.username);
  await dialog.getByLabel('Password', { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();

  // straight to My Profile → Security, with the reason
  await expect(page).toHaveURL(ENROLMENT);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await expect(main.getByTestId('totp-required')).toHaveText(TOTP_MSG.requiredForSuper);
  await expect(main.getByText('You have no authenticator yet.')).toBeVisible();
  expect(await axeProblems(page, 'main')).toEqual([]);

  // the back office, by its link and by its address: back to the Security section
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page).toHaveURL(ENROLMENT);
  await expect(main.getByTestId('totp-required')).toBeVisible();
  await page.goto(`${BASE}/admin`);
  await expect(page).toHaveURL(ENROLMENT);
  await expect(main.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);

  // set it up: the password, the QR code read as a phone reads it, the first code
  await main.getByRole('button', { name: 'Add an authenticator' }).click();
  await main.getByRole('textbox', { name: /password/i }).fill(admin.password);
  await main.getByRole('button', { name: 'Add an authenticator' }).click();
  const scanned = await scanQrCode(page);
  expect(scanned).toMatch(/^otpauth:\/\/totp\/ERSA:chiefadmin\?secret=[A-Z2-7]+&issuer=ERSA$/);
  const secret = new URL(scanned).searchParams.get('secret') ?? '';
  await main.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret }));
  await main.getByRole('button', { name: 'Turn on' }).click();
  await expect(main.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(main.getByTestId('totp-required')).toHaveCount(0);
  await main.getByRole('button', { name: 'I have saved them' }).click();

  // the back office now opens, super administrators' panels included, without signing in again
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page).toHaveURL(`${BASE}/admin`);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await menu.getByRole('button', { name: 'Site Health' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Site health' })).toBeVisible();
  await expect(page.getByTestId('second-factor-missing')).toHaveCount(0);
});
