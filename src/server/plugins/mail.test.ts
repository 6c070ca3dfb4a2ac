import { describe, expect, it } from 'vitest';
import { resetMailsSettled } from '../accounts/password-reset.ts';
import { buildApp } from '../app.ts';
import { runMailJob } from '../mail/job.ts';
import { createUser } from '../test/fixtures.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';

/** Without SMTP, mail goes to the log: whole in development, without its text in production. */
async function resetRequestLog(overrides: Record<string, string>): Promise<string> {
  const lines: string[] = [];
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ...overrides }),
    database: await openTestDatabase(),
    logStream: { write: (line) => lines.push(line) },
    jobs: 'manual',
  });
  try {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-request/',
      payload: { username: user.username },
    });
    expect(res.statusCode).toBe(200);
    await resetMailsSettled();
    expect((await runMailJob(app.ctx, app.log)).sent).toBe(1);
  } finally {
    await app.close();
  }
  return lines.join('\n');
}

describe('mail without SMTP', () => {
  it('in production names the mail but keeps the reset link out of the log', async () => {
    const log = await resetRequestLog({
      NODE_ENV: 'production',
      JWT_SECRET: 'k7Qp2Vx9Lm4Rt8Zw1Yc6Hb3Nf5Jd0GsP4aE',
      PUBLIC_URL: 'https://site.example',
    });
    expect(log).toContain('mail NOT sent (no SMTP_URL set)');
    expect(log).not.toContain('reset-password/');
    expect(log).not.toContain('https://site.example/');
  });

  it('in development writes the whole mail, link included, for the developer', async () => {
    const log = await resetRequestLog({});
    expect(log).toMatch(/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
  });
});
