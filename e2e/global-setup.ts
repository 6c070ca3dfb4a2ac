import { startMailbox } from './mailbox-server.ts';
import { MAILBOX_HTTP_PORT, SMTP_PORT } from './ports.ts';

/** Starts the test SMTP server; Playwright calls the returned function at the end. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailbox(SMTP_PORT, MAILBOX_HTTP_PORT);
}
