import { closeSync, openSync, readSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { connect, Server as NetServer } from 'node:net';
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

/** The parts of Node's own listening handle (TCPWrap) and socket handle used below: libuv's
 * listen again (a new backlog for the same socket) and the kernel's getpeername. */
interface ListenHandle {
  listen?(backlog: number): number;
}
interface SocketHandle {
  getpeername?(out: object): number;
}

/**
 * Closes the listening socket before anything else, so that a new connection is refused (a proxy
 * tries the other instance) rather than accepted and then reset (issue 36). When a listening socket
 * closes, the kernel resets every connection still in its accept queue: connections whose
 * handshake it completed and the event loop had not accepted yet — their client has sent its
 * request. Node's event loop accepts one connection per turn (libuv 1.45+, libuv/libuv#3696), so under a steady
 * stream of new connections the queue never empties by itself (measured: about one connection per
 * client queued at any time, all reset). So:
 * - the queue is shortened to one connection (listen again with backlog 0): a connection that
 *   finds it taken is not queued (its SYN is dropped; its client sends it again a second later
 *   and is then refused);
 * - once the event loop has accepted what was queued, the server takes that one place itself with
 *   a connection of its own (the plug), and closes the listening socket while the plug holds it:
 *   no client can be in the queue then, and the reset goes to the plug alone. The plug is only
 *   known to hold the place when its handshake is done (getpeername answers) and the queue holds
 *   one connection; otherwise the loop turns again (at most MAX_TURNS, then it closes anyway);
 * - every answer not yet begun, and every later one, closes its connection (`Connection: close`),
 *   so a kept-alive client moves to a new connection — refused — instead of finding its
 *   connection destroyed under the request it just sent;
 * - idle kept-alive connections get KEEP_ALIVE_GRACE_MS to send that request; those still idle
 *   then are closed by Fastify's close, while the requests in flight finish.
 * Where the accept queue cannot be read (not Linux: no /proc/net/tcp), it closes after one turn.
 */
async function stopListening(app: App): Promise<void> {
  const server = app.server;
  if (!server.listening) return;
  const answers = trackRequests(app);
  server.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  for (const res of answers) if (!res.headersSent) res.shouldKeepAlive = false;
  const address = server.address();
  const handle = (server as unknown as { _handle?: ListenHandle })._handle;
  if (address && typeof address === 'object' && handle?.listen?.(0) === 0) {
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      await nextPoll();
      const queued = acceptQueue(address.port);
      if (queued === undefined) break;
      if (queued > 0) continue;
      const plug = connect({ host, port: address.port });
      plug.on('error', () => {}); // reset when the listening socket closes: that is its purpose
      // net.connect connects on the next tick; on the loopback interface the handshake is done when
      // connect() returns
      await new Promise((resolve) => process.nextTick(resolve));
      const connected = (plug as unknown as { _handle?: SocketHandle })._handle?.getpeername?.({}) === 0;
      if (connected && acceptQueue(address.port) === 1) {
        NetServer.prototype.close.call(server);
        plug.destroy();
        break;
      }
      plug.destroy();
    }
  } else {
    await nextPoll();
  }
  // the listening socket only: http.Server's close would destroy idle connections at once
  if (server.listening) NetServer.prototype.close.call(server);
  const until = Date.now() + KEEP_ALIVE_GRACE_MS;
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n ?? 0)));
    if (open <= answers.size) break;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many turns of the event loop stopListening waits for a moment to close without a reset. */
const MAX_TURNS = 200;

/** How many connections wait in the accept queue of the socket listening on `port` (Linux: the
 * listening line's rx_queue in /proc/net/tcp or tcp6, listed before the other sockets: only the
 * file's first part is read, so that the answer is fresh); undefined when it cannot be read. */
function acceptQueue(port: number): number | undefined {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const buffer = Buffer.alloc(16384);
  let readable = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let fd: number;
    try {
      fd = openSync(table, 'r');
    } catch {
      continue;
    }
    readable = true;
    try {
      const length = readSync(fd, buffer, 0, buffer.length, null);
      for (const line of buffer.toString('latin1', 0, length).split('\n')) {
        const [, local = '', , state, queues = ''] = line.trim().split(/\s+/);
        if (state === '0A' && local.endsWith(hexPort)) return Number.parseInt(queues.split(':')[1] ?? '0', 16);
      }
    } finally {
      closeSync(fd);
    }
  }
  return readable ? 0 : undefined;
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
