import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { createMailer } from '../plugins/mail.ts';
import { openTestDatabase, TestClock, testConfig } from '../test/helper.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';

/** An SMTP port that accepts connections and never says a word. */
async function silentServer(
  port = 0,
): Promise<{ server: Server; port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server = createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real SMTP server on `port` that keeps what it receives. */
async function start(database: Database, port: number, clock: TestClock): Promise<App> {
  const config = testConfig();
  const app = await buildApp({
    config,
    // the first app's close must not close the database the second one opens on
    database: { ...database, close: async () => {} },
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: config.mailFrom,
      log: { info() {}, warn() {} },
      timeoutMs: SMTP_WAIT_MS,
    }),
    now: clock.now,
  });
  await app.ready();
  return app;
}

/** How long the test's mailer waits for the silent server's greeting. An answer that waited for a
 * mail would take at least this long: each answer below must come sooner (a functional bound,
 * not a performance claim; the usual answer takes milliseconds). */
const SMTP_WAIT_MS = 4_000;

/** Times a request; the answer must not wait for the mail server. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const begun = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - begun };
}

describe('nothing waits on mail, nothing is lost with it', () => {
  it('answers while the SMTP server is silent; after a restart, once it answers, each receipt goes exactly once', async () => {
    const database = await openTestDatabase();
    const silent = await silentServer();
    const clock = new TestClock();
    clock.set('2026-01-15T12:00:00Z');
    let first: App | undefined;
    let second: App | undefined;
    let real: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      first = await start(database, silent.port, clock);
      const app = first;
      const free = await raceEventRow(app, { ...OPEN_WINDOW, name: 'Free Fun Race', quantity: 10, pricePence: 0 });
      const paid = await raceEventRow(app, { ...OPEN_WINDOW, name: 'Paid Club Race', quantity: 10, pricePence: 2500 });
      const [booker] = await makeBookers(app, 1, [free, paid]);
      if (!booker) throw new Error('no booker');
      const post = (url: string, payload: object) =>
        app.inject({ method: 'POST', url, headers: booker.headers, payload });

      const freeBooking = await timed(() =>
        post('/api/v1/bookings/', { bookings: [{ product: free, participant: booker.username }] }),
      );
      expect(freeBooking.value.json().booked).toHaveLength(1);
      expect(freeBooking.ms).toBeLessThan(SMTP_WAIT_MS);

      const started = await post('/api/v1/payment/create-payment-intent/', { amount: '25.00' });
      const reference = started.json().payment_reference as string;
      const completed = await timed(() =>
        post(`/api/v1/payment/demo/${reference}/complete/`, { card_number: '4242 4242 4242 4242' }),
      );
      expect(completed.value.json()).toEqual({ status: 'succeeded', payment_reference: reference });
      const settled = await timed(() =>
        post('/api/v1/bookings/', {
          bookings: [{ product: paid, participant: booker.username }],
          payment_reference: reference,
        }),
      );
      expect(settled.value.json().booked).toHaveLength(1);
      expect(completed.ms).toBeLessThan(SMTP_WAIT_MS);
      expect(settled.ms).toBeLessThan(SMTP_WAIT_MS);
      // the job did try the silent server, after the answers had gone
      await vi.waitFor(() => expect(silent.connections).toBeGreaterThan(0), { timeout: 5_000 });

      // the restart, while the server is still silent: the second app knows only the database
      await first.close();
      first = undefined;
      const waiting = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(waiting.map((r) => [r.template, r.status, r.recipient])).toEqual([
        ['receipt', 'pending', `${booker.username}@example.com`],
        ['receipt', 'pending', `${booker.username}@example.com`],
      ]);
      await silent.close();
      real = await startSmtpSink(silent.port);
      clock.advance(60_000);
      second = await start(database, silent.port, clock);

      const received = real.received;
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 10_000 });
      // and the second app has marked both sent (the server can have them a moment before: a run
      // an hour later would take a claim still open then as stale and send it again)
      await vi.waitFor(
        async () =>
          expect((await database.db.select().from(mailOutbox)).map((r) => r.status)).toEqual(['sent', 'sent']),
        { timeout: 10_000 },
      );
      // more runs send nothing again
      clock.advance(60 * 60_000);
      const { runMailJob } = await import('./job.ts');
      expect(await runMailJob(second.ctx, second.log)).toEqual({ sent: 0, failed: 0, dropped: 0 });
      expect(received).toHaveLength(2);
      expect(received.map((m) => m.to)).toEqual([
        [`${booker.username}@example.com`],
        [`${booker.username}@example.com`],
      ]);
      const bodies = received.map((m) => m.raw.replace(/=\r?\n/g, ''));
      expect(bodies.filter((b) => b.includes('Free Fun Race') && b.includes('Booker'))).toHaveLength(1);
      expect(bodies.filter((b) => b.includes('Paid Club Race') && b.includes('Booker'))).toHaveLength(1);
      const sent = await database.db.select().from(mailOutbox);
      expect(sent.map((r) => [r.status, r.data, r.subject])).toEqual([
        ['sent', null, 'ERSA: your entry for Free Fun Race is confirmed'],
        ['sent', null, 'ERSA: your entry for Paid Club Race is confirmed'],
      ]);
    } finally {
      await first?.close();
      await second?.close();
      await real?.close();
      await silent.close().catch(() => {});
      await database.close();
    }
  }, 60_000);
});
