import { accountChangedTemplate } from '../accounts/account-changes.ts';
import { passwordResetTemplate } from '../accounts/password-reset.ts';
import { contactAcknowledgementTemplate, contactTemplate } from '../content/contact.ts';
import type { AppContext } from '../context.ts';
import { healthAlertTemplate, healthClearedTemplate } from '../operations/mails.ts';
import { paymentMailTemplates } from '../payments/mails.ts';
import { placesLostTemplate, receiptTemplate } from '../payments/receipt.ts';
import { RACE_CANCELLED, REFUND_NEWS, raceCancelledTemplate, refundNewsTemplate } from '../payments/refund-mails.ts';
import { entrantMessageTemplate } from '../people/entrant-messages.ts';
import { linkRequestDecidedTemplate } from '../people/link-requests.ts';
import { racerDecidedTemplate } from '../people/racers.ts';
import type { MailAttachment } from '../plugins/mail.ts';
import { waitingOfferTemplate } from '../waiting-list/mail.ts';

/** A rendered e-mail, as the mail job sends it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes; the mail job puts the association's e-mail when a template names none. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

/**
 * Every e-mail's template by name (issue 24): the outbox keeps a template's name and data, and the
 * mail job renders it here at send time. A template may read the database (e.g. a receipt reads
 * its payment's lines); it returns null when there is nothing to send any more.
 */
export type MailTemplate = (ctx: AppContext, data: Record<string, unknown>) => Promise<RenderedMail | null>;

export const mailTemplates: Record<string, MailTemplate> = {
  'password-reset': passwordResetTemplate,
  'account-changed': accountChangedTemplate,
  'link-request-decided': linkRequestDecidedTemplate,
  'racer-decided': racerDecidedTemplate,
  contact: contactTemplate,
  'contact-acknowledgement': contactAcknowledgementTemplate,
  receipt: receiptTemplate,
  'places-lost': placesLostTemplate,
  ...paymentMailTemplates,
  [REFUND_NEWS]: refundNewsTemplate,
  [RACE_CANCELLED]: raceCancelledTemplate,
  'health-alert': healthAlertTemplate,
  'health-cleared': healthClearedTemplate,
  'entrant-message': entrantMessageTemplate,
  'waiting-list-offer': waitingOfferTemplate,
};
