import { eq } from 'drizzle-orm';
import { EVENT_MSG, type ProductDocument } from '../../domain/events/index.ts';
import type { AppContext } from '../context.ts';
import { eventDocuments, events } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { removeFiles, storeFiles } from '../plugins/storage.ts';
import { checkDocumentSubmission, type MultipartForm } from './form.ts';
import { toProductDocument } from './shape.ts';

/**
 * POST /products/{id}/add-document/: a named pdf, doc, docx or txt attached to an event. The
 * event and the form are checked first; the file is stored and its row inserted in one
 * transaction.
 */
export async function addDocument(ctx: AppContext, eventId: number, form: MultipartForm): Promise<ProductDocument> {
  const [event] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
  const { name, file } = checkDocumentSubmission(form, eventId);
  const row = await storeFiles(ctx, { document: file }, async (keys, tx) => {
    const key = keys.document;
    if (!key) throw new Error('document was not stored');
    const [inserted] = await tx
      .insert(eventDocuments)
      .values({ eventId, name, file: key, uploadedAt: ctx.now() })
      .returning();
    if (!inserted) throw new Error('document insert returned nothing');
    return inserted;
  });
  await invalidatePublicCache(ctx);
  return toProductDocument(row);
}

/** DELETE /products/documents/{id}/: the document and its stored file. */
export async function deleteDocument(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(eventDocuments).where(eq(eventDocuments.id, id)).returning();
  if (!row) throw AppError.notFound(EVENT_MSG.documentNotFound);
  await removeFiles(ctx, ctx.db, [row.file]);
  await invalidatePublicCache(ctx);
}
