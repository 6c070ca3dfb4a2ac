import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setImmediate as nextPoll } from 'node:timers/promises';
import type { App } from '../app.ts';
import { markShuttingDown } from './service.ts';

/** How long the requests in flight, the background jobs' current runs and the database's close
 * may take after SIGTERM before the process stops without them (exit 1). A supervisor waits
 * longer than this before its SIGKILL (systemd: TimeoutStopSec, Docker: stop_grace_period). */
export const SHUTDOWN_LIMIT_MS = 10_000;

/** How long kept-alive connections have, once the listener is closed, to send their next request
 * (answered, with `Connection: close`) before the idle ones left are closed. */
export const KEEP_ALIVE_GRACE_MS = 1000;

/** The answers under way on each app's server (closeOnSignals tracks them from the start). */
const inFlight = new WeakMap<App, Set<ServerResponse>>();

function trackRequests(app: App): Set<ServerResponse> {
  let answers = inFlight.get(app);
  if (!answers) {
    const set = new Set<ServerResponse>();
    answers = set;
    inFlight.set(app, set);
    app.server.prependListener('request', (_req, res: ServerResponse) => {
      set.add(res);
      res.once('close', () => set.delete(res));
    });
  }
  return answers;
}

/**
 * Closes the listening socket before anything else, so that a new connection is refused (a proxy
 * tries the other instance) rather than accepted and then reset (issue 36):
 * - it closes right after the event loop accepted what was waiting (the kernel resets the
 *   connections still queued when a listening socket closes);
 * - every answer not yet begun, and every later one, closes its connection (`Connection: close`),
 *   so a kept-alive client moves to a new connection — refused — instead of finding its
 *   connection destroyed under the request it just sent;
 * - idle kept-alive connections get KEEP_ALIVE_GRACE_MS to send that request; those still idle
 *   then are closed by Fastify's close, while the requests in flight finish.
 */
async function stopListening(app: App): Promise<void> {
  const server = app.server;
  if (!server.listening) return;
  const answers = trackRequests(app);
  server.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  for (const res of answers) if (!res.headersSent) res.shouldKeepAlive = false;
  // connections the kernel has accepted and the event loop not yet: reset if the listening socket
  // closed now. The loop accepts them in its next poll; on Linux, /proc/net/tcp says when none is
  // left (elsewhere: one poll).
  const port = (server.address() as { port?: number } | null)?.port;
  for (let polls = 0; polls < 50; polls++) {
    await nextPoll();
    if (!port || !acceptQueued(port)) break;
  }
  // the listening socket only: http.Server's close would destroy idle connections at once
  NetServer.prototype.close.call(server);
  const until = Date.now() + KEEP_ALIVE_GRACE_MS;
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n ?? 0)));
    if (open <= answers.size) break;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether connections wait in the accept queue of the socket listening on `port` (Linux: the
 * listening line's rx_queue in /proc/net/tcp and tcp6); false when that cannot be read. */
function acceptQueued(port: number): boolean {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      const [, local = '', , state, queues = ''] = line.trim().split(/\s+/);
      if (state === '0A' && `${local} `.endsWith(hexPort) && !queues.endsWith(':00000000')) return true;
    }
  }
  return false;
}

export interface ShutdownOptions {
  /** Replaces SHUTDOWN_LIMIT_MS (tests). */
  limitMs?: number;
  /** Replaces process.exit (tests). */
  exit?: (code: number) => void;
  /** Closed before the app (the local command socket of backups). */
  before?: () => Promise<void>;
}

/**
 * A graceful stop: ready answers 503 at once; the listening socket closes first (a new
 * connection is refused, none is reset: stopListening), kept-alive connections close after their
 * next answer, while the requests in flight finish (a new request on a busy keep-alive
 * connection once Fastify closes answers 503); then the background jobs finish their
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
    await stopListening(app);
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
  trackRequests(app);
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    void shutDown(app, signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
