import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTENT_MSG,
  EMPTY_SLOPE,
  mergeSlope,
  type SlopeForm,
  type SlopeValues,
  validateSlope,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { slopeInfo } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { mediaUrl, removeFiles, storeFiles } from '../plugins/storage.ts';
import { checkForm, droppedKeys, type UploadForm } from './shared.ts';

/** A club and its slope as the API shows it (doc 2 "Slope detail"). */
export const SlopeSchema = z.object({
  id: z.number().int(),
  race_club_name: z.string(),
  slope_name: z.string(),
  slope_contact_number: z.string(),
  slope_website: z.string(),
  slope_email: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  locality: z.string(),
  postcode: z.string(),
  slope_image: z.string().nullable(),
  slope_map: z.string().nullable(),
});
export type Slope = z.infer<typeof SlopeSchema>;

type Row = typeof slopeInfo.$inferSelect;

export const SLOPE_FILE_KINDS = { slope_image: 'picture', slope_map: 'picture' } as const;

const notFound = () => AppError.notFound(CONTENT_MSG.notFound('Slope'));

function values(row: Row): SlopeValues {
  return {
    race_club_name: row.raceClubName,
    slope_name: row.slopeName,
    slope_contact_number: row.slopeContactNumber,
    slope_website: row.slopeWebsite,
    slope_email: row.slopeEmail,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    locality: row.locality,
    postcode: row.postcode,
  };
}

function columns(v: SlopeValues) {
  return {
    raceClubName: v.race_club_name,
    slopeName: v.slope_name,
    slopeContactNumber: v.slope_contact_number,
    slopeWebsite: v.slope_website,
    slopeEmail: v.slope_email,
    addressLine1: v.address_line_1,
    addressLine2: v.address_line_2,
    locality: v.locality,
    postcode: v.postcode,
  };
}

function shape(row: Row): Slope {
  return { id: row.id, ...values(row), slope_image: mediaUrl(row.slopeImage), slope_map: mediaUrl(row.slopeMap) };
}

/** Every club, by race club name (case ignored). */
export async function listSlopes(ctx: AppContext): Promise<Slope[]> {
  const rows = await ctx.db.select().from(slopeInfo).orderBy(sql`lower(${slopeInfo.raceClubName})`, asc(slopeInfo.id));
  return rows.map(shape);
}

export async function createSlope(ctx: AppContext, form: UploadForm<SlopeForm>): Promise<Slope> {
  const v = mergeSlope(EMPTY_SLOPE, form.fields);
  const files = checkForm(validateSlope(v), form.uploads, SLOPE_FILE_KINDS);
  const row = await storeFiles(ctx, files, async (keys, tx) => {
    const [inserted] = await tx
      .insert(slopeInfo)
      .values({ ...columns(v), slopeImage: keys.slope_image ?? null, slopeMap: keys.slope_map ?? null })
      .returning();
    if (!inserted) throw new Error('slope insert returned nothing');
    return inserted;
  });
  await invalidatePublicCache(ctx);
  return shape(row);
}

/** Sent fields replace, missing ones stay; a sent picture replaces the old one, `*_clear=true`
 * removes it. Replaced pictures are deleted once the update has committed. */
export async function updateSlope(ctx: AppContext, id: number, form: UploadForm<SlopeForm>): Promise<Slope> {
  const [existing] = await ctx.db.select().from(slopeInfo).where(eq(slopeInfo.id, id));
  if (!existing) throw notFound();
  const v = mergeSlope(values(existing), form.fields);
  const files = checkForm(validateSlope(v), form.uploads, SLOPE_FILE_KINDS);
  const { row, dropped } = await storeFiles(ctx, files, async (keys, tx) => {
    const [current] = await tx.select().from(slopeInfo).where(eq(slopeInfo.id, id)).for('update');
    if (!current) throw notFound();
    const pick = (sent: string | undefined, clear: string | undefined, old: string | null) =>
      sent ?? (clear === 'true' ? null : old);
    const slopeImage = pick(keys.slope_image, form.fields.slope_image_clear, current.slopeImage);
    const slopeMap = pick(keys.slope_map, form.fields.slope_map_clear, current.slopeMap);
    const [updated] = await tx
      .update(slopeInfo)
      .set({ ...columns(v), slopeImage, slopeMap })
      .where(eq(slopeInfo.id, id))
      .returning();
    if (!updated) throw notFound();
    return { row: updated, dropped: droppedKeys([current.slopeImage, current.slopeMap], [slopeImage, slopeMap]) };
  });
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, dropped);
  return shape(row);
}

/** Deletes the club and then its stored pictures. */
export async function deleteSlope(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(slopeInfo).where(eq(slopeInfo.id, id)).returning();
  if (!row) throw notFound();
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, [row.slopeImage, row.slopeMap]);
}
