import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { safeError } from '../mail/job.ts';
import { type CheckOutcome, type HealthKind, recordOutcome } from './alerts.ts';
import { checkBackup, checkDatabase, checkErrors, checkMail, checkWebhook } from './conditions.ts';
import type { HealthMonitor } from './monitor.ts';

/** How often each instance checks the site's health. */
export const HEALTH_JOB_MS = 60_000;

/** One run of the health job (issue 25): checks each condition and records it (raising, notifying
 * once, clearing: alerts.ts). The database check goes first, so the others' queries do not count
 * in its round trip. Returns what each check did. */
export async function runHealthChecks(
  ctx: AppContext,
  monitor: HealthMonitor,
): Promise<Record<HealthKind, 'raised' | 'cleared' | 'unchanged'>> {
  const checks: [HealthKind, () => CheckOutcome | Promise<CheckOutcome>][] = [
    ['database', () => checkDatabase(ctx, monitor)],
    ['mail', () => checkMail(ctx)],
    ['backup', () => checkBackup(ctx)],
    ['errors', () => checkErrors(ctx, monitor)],
    ['webhook', () => checkWebhook(ctx)],
  ];
  const result = {} as Record<HealthKind, 'raised' | 'cleared' | 'unchanged'>;
  for (const [kind, check] of checks) result[kind] = await recordOutcome(ctx, kind, await check());
  return result;
}

/** Runs the health job every HEALTH_JOB_MS, one run at a time; a failed run is logged (the next
 * one tries again). The returned stop waits for a run under way. */
export function scheduleHealthJob(
  ctx: AppContext,
  monitor: HealthMonitor,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    current ??= runHealthChecks(ctx, monitor)
      .catch((error: unknown) => log.error({ err: { message: safeError(error) } }, 'health job failed'))
      .finally(() => {
        current = null;
      });
  }, HEALTH_JOB_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
