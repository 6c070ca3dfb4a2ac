import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CONTENT_MSG, type DocumentForm, validateDocument } from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { organizationDocuments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { mediaUrl, removeFiles, storeFiles } from '../plugins/storage.ts';
import { checkForm, type UploadForm } from './shared.ts';

/** A policy or footer document (pdf). The web finds the Safeguarding Policy by its exact name. */
export const DocumentSchema = z.object({ id: z.number().int(), name: z.string(), document: z.string() });
export type OrganizationDocument = z.infer<typeof DocumentSchema>;

type Row = typeof organizationDocuments.$inferSelect;

export const DOCUMENT_FILE_FIELDS = ['document'] as const;
const KINDS = { document: 'organizationDocument' } as const;

const notFound = () => AppError.notFound(CONTENT_MSG.notFound('Document'));

function shape(row: Row): OrganizationDocument {
  return { id: row.id, name: row.name, document: mediaUrl(row.document) ?? '' };
}

/** Every document, by name (case ignored). */
export async function listDocuments(ctx: AppContext): Promise<OrganizationDocument[]> {
  const rows = await ctx.db
    .select()
    .from(organizationDocuments)
    .orderBy(sql`lower(${organizationDocuments.name})`, asc(organizationDocuments.id));
  return rows.map(shape);
}

export async function createDocument(ctx: AppContext, form: UploadForm<DocumentForm>): Promise<OrganizationDocument> {
  const name = form.fields.name ?? '';
  const files = checkForm(validateDocument({ name, hasFile: Boolean(form.uploads.document) }), form.uploads, KINDS);
  const row = await storeFiles(ctx, files, async (keys, tx) => {
    if (!keys.document) throw new Error('document key missing');
    const [inserted] = await tx.insert(organizationDocuments).values({ name, document: keys.document }).returning();
    if (!inserted) throw new Error('document insert returned nothing');
    return inserted;
  });
  await invalidatePublicCache(ctx);
  return shape(row);
}

/** The name and/or the file; a replaced file is deleted once the update has committed. */
export async function updateDocument(
  ctx: AppContext,
  id: number,
  form: UploadForm<DocumentForm>,
): Promise<OrganizationDocument> {
  const [existing] = await ctx.db.select().from(organizationDocuments).where(eq(organizationDocuments.id, id));
  if (!existing) throw notFound();
  const name = form.fields.name ?? existing.name;
  const files = checkForm(validateDocument({ name, hasFile: true }), form.uploads, KINDS);
  const { row, dropped } = await storeFiles(ctx, files, async (keys, tx) => {
    const [current] = await tx
      .select()
      .from(organizationDocuments)
      .where(eq(organizationDocuments.id, id))
      .for('update');
    if (!current) throw notFound();
    const document = keys.document ?? current.document;
    const [updated] = await tx
      .update(organizationDocuments)
      .set({ name, document })
      .where(eq(organizationDocuments.id, id))
      .returning();
    if (!updated) throw notFound();
    return { row: updated, dropped: document === current.document ? [] : [current.document] };
  });
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, dropped);
  return shape(row);
}

/** Deletes the document and then its file. */
export async function deleteDocument(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(organizationDocuments).where(eq(organizationDocuments.id, id)).returning();
  if (!row) throw notFound();
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, [row.document]);
}
