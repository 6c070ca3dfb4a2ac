import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_RESPONSE_PROMISE,
  CONTENT_MSG,
  type ContactMessage,
  oneLine,
  validateContact,
} from '../../domain/content/index.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { MailMessage } from '../plugins/mail.ts';
import { throwIfAny } from './shared.ts';

/** The message for the association's mailbox; replying answers the sender. */
export function associationMail(config: Config, m: ContactMessage): MailMessage {
  const first = oneLine(m['first-name']);
  const last = oneLine(m['last-name']);
  const text = [
    `A message from the contact form of the ${config.association.name} website.`,
    '',
    `Name: ${first} ${last}`,
    `Email: ${m.email}`,
    '',
    m.message,
    '',
    `Reply to this e-mail to answer ${first} directly. The website promised a reply within ${CONTACT_RESPONSE_PROMISE}.`,
  ].join('\n');
  return { to: config.association.email, replyTo: m.email, subject: `Contact form: ${first} ${last}`, text };
}

/** The acknowledgement to the sender. It does not repeat their message, so the form cannot be
 * used to send someone else arbitrary text from the association's address. */
export function acknowledgementMail(config: Config, m: ContactMessage): MailMessage {
  const { name, code, email } = config.association;
  const text = [
    `Hello ${oneLine(m['first-name'])},`,
    '',
    `Thank you for contacting the ${name}. We have received your message and will get back to you within ${CONTACT_RESPONSE_PROMISE}.`,
    '',
    `If your question is urgent, you can also write to us at ${email}.`,
    '',
    `The ${code} team`,
  ].join('\n');
  return { to: m.email, replyTo: email, subject: `${code}: we have received your message`, text };
}

/**
 * Sends the message to the association's address (reply-to the sender) and an acknowledgement to
 * the sender. If the association's mail cannot be sent the visitor is told 'Failed to send
 * message'; a failed acknowledgement is only logged, since the message itself has arrived.
 */
export async function sendContactMessage(
  ctx: AppContext,
  input: ContactMessage,
  log: FastifyBaseLogger,
): Promise<{ message: string }> {
  throwIfAny(validateContact(input));
  try {
    await ctx.mailer.send(associationMail(ctx.config, input));
  } catch (error) {
    const failure = new AppError('INTERNAL', CONTENT_MSG.contactFailed);
    failure.cause = error;
    throw failure;
  }
  try {
    await ctx.mailer.send(acknowledgementMail(ctx.config, input));
  } catch (error) {
    log.warn({ err: error }, 'contact form: the acknowledgement could not be sent');
  }
  return { message: CONTENT_MSG.contactSent };
}
