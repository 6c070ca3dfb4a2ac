import { defineConfig, devices } from '@playwright/test';
import { E2E_JWT_SECRET, APP_PORT as PORT, SMTP_PORT } from './e2e/ports.ts';

/**
 * Browser tests in Debian's Chromium (installed by .ci/run with apt; `npx playwright install`
 * cannot work here). The server runs as `npm run build` compiled it (dist/server, as production
 * runs it; `npm run test:e2e` builds first), with the built web app, on an in-memory database
 * seeded with the demo data; tests share it and run one at a time, each making the users it needs.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${PORT}/api/v1/version/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // every browser test comes from 127.0.0.1, far faster than a person reads: the paint limit
      // (issue 24) is proven by src/server/pages/spellings.test.ts on a real socket
      PAINT_LIMIT_PER_MINUTE: '0',
      JWT_SECRET: E2E_JWT_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      WEB_DIST: process.env.WEB_DIST ?? 'dist/web',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ASSOCIATION_EMAIL: 'office@ersa.example',
      ASSOCIATION_SOCIAL_LINKS: 'Facebook=https://facebook.example/ersa,Instagram=https://instagram.example/ersa',
      ASSOCIATION_SPONSORS: 'Alpine Ski Shop=https://alpine-ski-shop.example',
    },
  },
});
