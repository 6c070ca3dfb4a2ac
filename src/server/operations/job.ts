import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { takeEndedOutages } from '../db/faults.ts';
import { safeError } from '../mail/job.ts';
import { type CheckOutcome, HEALTH_TITLES, type HealthKind, recordOutcome } from './alerts.ts';
import { checkBackup, checkDatabase, checkErrors, checkMail, checkWebhook } from './conditions.ts';
import { checkDiskFull, checkUnreachable } from './database-conditions.ts';
import type { HealthMonitor } from './monitor.ts';

/** How often each instance checks the site's health. */
export const HEALTH_JOB_MS = 60_000;

/** One run of the health job (issue 25): checks each condition and records it (raising, notifying
 * once, clearing: alerts.ts). Returns what each check did. */
export async function runHealthChecks(
  ctx: AppContext,
  monitor: HealthMonitor,
  log?: FastifyBaseLogger,
): Promise<Record<HealthKind, 'raised' | 'cleared' | 'unchanged'>> {
  const result = {} as Record<HealthKind, 'raised' | 'cleared' | 'unchanged'>;
  // the round trip first, so that no other check's query counts in it; then the database's own
  // alerts, kept in memory while they cannot be written and recorded (so e-mailed) once the
  // database takes writes again (database-conditions.ts); a failure leaves the others to run
  for (const [kind, check] of [
    ['database', () => checkDatabase(ctx, monitor)],
    ['unreachable', () => checkUnreachable(ctx)],
    ['disk', () => checkDiskFull(ctx)],
  ] as const) {
    let ended: ReturnType<typeof takeEndedOutages> | undefined;
    try {
      const outcome = await check();
      if (kind !== 'database') ended = takeEndedOutages(ctx, kind === 'disk' ? 'full' : kind);
      result[kind] = await recordOutcome(ctx, kind, outcome);
    } catch (error) {
      ended?.putBack();
      log?.warn({ err: { message: safeError(error) } }, `health check "${HEALTH_TITLES[kind]}" not recorded`);
      result[kind] = 'unchanged';
    }
  }
  const checks: [HealthKind, () => CheckOutcome | Promise<CheckOutcome>][] = [
    ['mail', () => checkMail(ctx)],
    ['backup', () => checkBackup(ctx)],
    ['errors', () => checkErrors(ctx, monitor)],
    ['webhook', () => checkWebhook(ctx)],
  ];
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
    current ??= runHealthChecks(ctx, monitor, log)
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
