import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file sent with an e-mail (a receipt's calendar entries). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** How long the SMTP transport waits to connect, for the greeting, and on a silent socket. */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each message is written to the log: in
 * full outside production (a developer reads the reset link there), and in production only its
 * recipient and subject — a body may hold a password-reset link, and whoever reads the log must
 * not be able to take over an account with it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Production keeps mail text out of the log (default: development). */
  production?: boolean;
  /** Connection, greeting and socket timeouts (default SMTP_TIMEOUT_MS). */
  timeoutMs?: number;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        if (options.production) {
          options.log.warn(
            { mail: { to: message.to, subject: message.subject } },
            `mail NOT sent (no SMTP_URL set) to ${message.to}: ${message.subject}; its text is withheld from the log`,
          );
        } else {
          options.log.info(
            { mail: { to: message.to, subject: message.subject, text: message.text } },
            `mail (no SMTP_URL set) to ${message.to}: ${message.subject}`,
          );
        }
      },
    };
  }
  // A server that accepts and never greets, or stops answering mid-mail, must not hold the mail
  // job: each step gives up after its timeout and the row is tried again later (mail/job.ts).
  const transport = smtpTransport(options.smtpUrl, options.timeoutMs);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

/** The SMTP transport for SMTP_URL, each step (connect, greeting, socket) limited to timeoutMs;
 * also what the pre-flight check verifies (operations/preflight.ts). */
export function smtpTransport(smtpUrl: string, timeoutMs = SMTP_TIMEOUT_MS) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}
