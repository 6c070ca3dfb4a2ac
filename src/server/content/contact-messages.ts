import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { contactMessages } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** The newest messages the back office lists at once. */
export const CONTACT_MESSAGES_SHOWN = 200;

export const CONTACT_MESSAGE_NOT_FOUND = 'Message not found.';

/** A contact message as the back office's Messages panel shows it. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessageListSchema = z.object({
  unread: z.number().int(),
  count: z.number().int(),
  results: z.array(ContactMessageSchema),
});

type Row = typeof contactMessages.$inferSelect;

function toAdmin(row: Row): AdminContactMessage {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** How many messages no administrator has opened yet (the side menu's count). */
export async function unreadContactMessages(ctx: AppContext): Promise<{ unread: number }> {
  const [row] = await ctx.db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return { unread: row?.n ?? 0 };
}

/** GET /admin/contact-messages/: the newest messages first, with the total and the unread count. */
export async function listContactMessages(ctx: AppContext): Promise<z.infer<typeof ContactMessageListSchema>> {
  const rows = await ctx.db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_MESSAGES_SHOWN);
  const [total] = await ctx.db.select({ n: count() }).from(contactMessages);
  return { ...(await unreadContactMessages(ctx)), count: total?.n ?? 0, results: rows.map(toAdmin) };
}

/** POST /admin/contact-messages/{id}/read/: an administrator opened it. The first opening's time
 * is kept. */
export async function markContactMessageRead(ctx: AppContext, id: number): Promise<AdminContactMessage> {
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ readAt: sql`COALESCE(${contactMessages.readAt}, ${ctx.now()})` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw AppError.notFound(CONTACT_MESSAGE_NOT_FOUND);
  return toAdmin(row);
}

/** POST /admin/contact-messages/{id}/unread/: back to unread, to deal with later. */
export async function markContactMessageUnread(ctx: AppContext, id: number): Promise<AdminContactMessage> {
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ readAt: null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw AppError.notFound(CONTACT_MESSAGE_NOT_FOUND);
  return toAdmin(row);
}
