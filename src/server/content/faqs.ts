import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CONTENT_MSG, type FaqValues, validateFaq } from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { faqs } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { throwIfAny } from './shared.ts';

export const FaqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof FaqSchema>;

const notFound = () => AppError.notFound(CONTENT_MSG.notFound('FAQ'));

/** Every FAQ, in the order they were added. */
export async function listFaqs(ctx: AppContext): Promise<Faq[]> {
  return ctx.db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.id));
}

export async function createFaq(ctx: AppContext, input: FaqValues): Promise<Faq> {
  throwIfAny(validateFaq(input));
  const [row] = await ctx.db.insert(faqs).values({ question: input.question, answer: input.answer }).returning();
  if (!row) throw new Error('faq insert returned nothing');
  await invalidatePublicCache(ctx);
  return { id: row.id, question: row.question, answer: row.answer };
}

/** Sent fields replace, missing ones stay. */
export async function updateFaq(ctx: AppContext, id: number, input: Partial<FaqValues>): Promise<Faq> {
  const [existing] = await ctx.db.select().from(faqs).where(eq(faqs.id, id));
  if (!existing) throw notFound();
  const next = { question: input.question ?? existing.question, answer: input.answer ?? existing.answer };
  throwIfAny(validateFaq(next));
  const [row] = await ctx.db.update(faqs).set(next).where(eq(faqs.id, id)).returning();
  if (!row) throw notFound();
  await invalidatePublicCache(ctx);
  return { id: row.id, question: row.question, answer: row.answer };
}

export async function deleteFaq(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  if (!row) throw notFound();
  await invalidatePublicCache(ctx);
}
