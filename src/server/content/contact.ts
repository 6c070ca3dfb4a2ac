import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_RESPONSE_PROMISE,
  CONTENT_MSG,
  type ContactMessage,
  oneLine,
  validateContact,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { contactMessages } from '../db/schema.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { throwIfAny } from './shared.ts';

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
  const mail = await renderEmail(ctx.config, 'contact', {
    firstName: oneLine(message['first-name']),
    lastName: oneLine(message['last-name']),
    email: message.email,
    message: message.message,
    promise: CONTACT_RESPONSE_PROMISE,
  });
  return { ...mail, replyTo: message.email };
}

/** The 'contact-acknowledgement' mail (mail/templates.ts): data { messageId }. */
export async function contactAcknowledgementTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const message = await storedMessage(ctx, data);
  if (!message) return null;
  return renderEmail(ctx.config, 'contact-acknowledgement', {
    firstName: oneLine(message['first-name']),
    promise: CONTACT_RESPONSE_PROMISE,
  });
}
