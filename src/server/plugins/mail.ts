import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each message is written to the log: in
 * full outside production (a developer reads the reset link there), and in production only its
 * recipient and subject — a body may hold a password-reset link, and whoever reads the log must
 * not be able to take over an account with it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Production keeps mail text out of the log (default: development). */
  production?: boolean;
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
          options.log.info({ mail: message }, `mail (no SMTP_URL set) to ${message.to}: ${message.subject}`);
        }
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
