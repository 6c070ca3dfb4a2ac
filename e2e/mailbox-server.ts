import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** What the test SMTP server received, as the tests read it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server for the browser tests: the app sends through it (SMTP_URL), and the tests
 * read what arrived from a small HTTP endpoint (GET /messages, DELETE /messages).
 */
export async function startMailbox(smtpPort: number, httpPort: number): Promise<() => Promise<void>> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http: Server = createServer((req, res) => {
    if (req.method === 'DELETE') received.length = 0;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.method === 'DELETE' ? [] : received));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
}
