import { eq } from 'drizzle-orm';
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
import { contactMessages } from '../db/schema.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import type { RenderedMail } from '../mail/templates.ts';
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
 * Keeps the message and queues its two mails — to the association's address (reply-to the sender)
 * and the acknowledgement to the sender — in one transaction (issue 24): the visitor's answer
 * waits for no mail server, and a message sent while mail is down or unset is still in the back
 * office (Messages) and is mailed when mail works again.
 */
export async function sendContactMessage(
  ctx: AppContext,
  input: ContactMessage,
  _log: FastifyBaseLogger,
): Promise<{ message: string }> {
  throwIfAny(validateContact(input));
  await ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        firstName: input['first-name'],
        lastName: input['last-name'],
        email: input.email,
        message: input.message,
        createdAt: ctx.now(),
      })
      .returning({ id: contactMessages.id });
    const data = { messageId: stored?.id };
    await queueMail(tx, { template: 'contact', to: ctx.config.association.email, data });
    await queueMail(tx, { template: 'contact-acknowledgement', to: input.email, data });
  });
  nudgeMail(ctx);
  return { message: CONTENT_MSG.contactSent };
}

async function storedMessage(ctx: AppContext, data: Record<string, unknown>): Promise<ContactMessage | null> {
  const [row] = await ctx.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, Number(data.messageId)));
  if (!row) return null;
  return { 'first-name': row.firstName, 'last-name': row.lastName, email: row.email, message: row.message };
}

/** The 'contact' mail (mail/templates.ts): data { messageId }, the stored message read at send time. */
export async function contactTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const message = await storedMessage(ctx, data);
  if (!message) return null;
  const { to: _to, ...mail } = associationMail(ctx.config, message);
  return mail;
}

/** The 'contact-acknowledgement' mail (mail/templates.ts): data { messageId }. */
export async function contactAcknowledgementTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const message = await storedMessage(ctx, data);
  if (!message) return null;
  const { to: _to, ...mail } = acknowledgementMail(ctx.config, message);
  return mail;
}
