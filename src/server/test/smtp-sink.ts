import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP sink received it: its envelope's recipients and the raw message. */
export interface SunkMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port (or `port`) that keeps every message it receives (for tests that
 * read what went over the wire: headers such as Reply-To). `waitFor(n)` resolves once n arrived.
 */
export async function startSmtpSink(port = 0) {
  const received: SunkMail[] = [];
  let notify: () => void = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        notify();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const listening = (server.server.address() as AddressInfo).port;
  const waitFor = (n: number) =>
    new Promise<void>((resolve) => {
      notify = () => received.length >= n && resolve();
      notify();
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port: listening, received, waitFor, close };
}

/** A raw message's header, its folded lines joined; null when it has none. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}
