import { expect } from 'vitest';
import type { z } from 'zod';
import type { App } from '../app.ts';
import { runHealthChecks } from '../operations/job.ts';
import type { SiteHealthSchema } from '../operations/status.ts';

/**
 * While the disk is full (operations/disk-full*.test.ts): the health job cannot record the alert
 * (the database takes no writes), and neither the disk's alert nor a burst of errors is recorded;
 * Site Health shows "Disk full" raised from the server's memory, since the clock's
 * 2026-12-07 20:00, and no burst of errors. Returns Site Health's answer.
 */
export async function expectDiskFullFromMemory(
  app: App,
  superAdmin: { authorization: string },
): Promise<z.infer<typeof SiteHealthSchema>> {
  const run = await runHealthChecks(app.ctx, app.health);
  expect(run.disk).toBe('unchanged');
  expect(run.errors).toBe('unchanged');
  const answer = await app.inject({ method: 'GET', url: '/api/v1/admin/health/', headers: superAdmin });
  expect(answer.statusCode, answer.body).toBe(200);
  const health = answer.json() as z.infer<typeof SiteHealthSchema>;
  const disk = health.alerts.find((a) => a.kind === 'disk');
  expect(disk).toMatchObject({ title: 'Disk full', raised: true });
  expect(disk?.detail).toMatch(
    /^The disk is full since 2026-12-07 20:00:\d\d UTC .*sign-ins, entries and payments cannot be saved/,
  );
  expect(health.alerts.find((a) => a.kind === 'errors')?.raised).toBe(false);
  return health;
}
