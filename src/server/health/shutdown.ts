import type { App } from '../app.ts';
import { markShuttingDown } from './service.ts';

/** How long the requests in flight, the background jobs' current runs and the database's close
 * may take after SIGTERM before the process stops without them (exit 1). A supervisor waits
 * longer than this before its SIGKILL (systemd: TimeoutStopSec, Docker: stop_grace_period). */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface ShutdownOptions {
  /** Replaces SHUTDOWN_LIMIT_MS (tests). */
  limitMs?: number;
  /** Replaces process.exit (tests). */
  exit?: (code: number) => void;
  /** Closed before the app (the local command socket of backups). */
  before?: () => Promise<void>;
}

/**
 * A graceful stop: ready answers 503 at once; the listening socket closes (a new connection is
 * refused) and idle keep-alive connections with it, while the requests in flight finish (a new
 * request on a busy keep-alive connection answers 503); then the background jobs finish their
 * current run and the database closes (app.ts's onClose), which on the embedded database releases
 * DATA_DIR's lock. Exit 0 — or 1 when that took longer than the limit, or failed. Nothing is
 * written half-way: every write is a transaction, and one cut short is rolled back.
 */
export async function shutDown(app: App, signal: string, options: ShutdownOptions = {}): Promise<void> {
  const { limitMs = SHUTDOWN_LIMIT_MS, exit = (code: number) => process.exit(code) } = options;
  markShuttingDown(app.ctx);
  app.log.info(`${signal} received: taking no new requests, finishing those in flight`);
  const timer = setTimeout(() => {
    app.log.error(`still closing after ${limitMs / 1000} s (a request or a job did not finish): stopping without it`);
    exit(1);
  }, limitMs);
  try {
    await options.before?.();
    await app.close();
  } catch (error) {
    clearTimeout(timer);
    app.log.error({ err: error }, 'closing failed');
    exit(1);
    return;
  }
  clearTimeout(timer);
  app.log.info('closed: requests finished, jobs stopped, database closed');
  exit(0);
}

/** SIGTERM (systemd, Docker, Kubernetes) and SIGINT (Ctrl+C) stop the server gracefully; a second
 * signal while it closes changes nothing (the limit still holds). */
export function closeOnSignals(app: App, options: ShutdownOptions = {}): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    void shutDown(app, signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
