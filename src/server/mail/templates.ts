import type { AppContext } from '../context.ts';
import { paymentMailTemplates } from '../payments/mails.ts';

/** A rendered e-mail, as the mail job sends it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Every e-mail's template by name (issue 24): the outbox keeps a template's name and data, and the
 * mail job renders it here at send time. A template may read the database (e.g. a receipt reads
 * its payment's lines); it returns null when there is nothing to send any more.
 */
export type MailTemplate = (ctx: AppContext, data: Record<string, unknown>) => Promise<RenderedMail | null>;

export const mailTemplates: Record<string, MailTemplate> = {
  ...paymentMailTemplates,
};
