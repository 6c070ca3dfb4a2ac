import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTENT_MSG,
  mergeTeamMember,
  type TeamMemberForm,
  type TeamMemberValues,
  validateTeamMember,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { teamMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { mediaUrl, removeFiles, storeFiles } from '../plugins/storage.ts';
import { checkForm, droppedKeys, type UploadForm } from './shared.ts';

/** Meet Our Team (About page). */
export const TeamMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  photo: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

type Row = typeof teamMembers.$inferSelect;

export const TEAM_FILE_FIELDS = ['photo'] as const;
const KINDS = { photo: 'picture' } as const;
const EMPTY: TeamMemberValues = { first_name: '', last_name: '', position: '' };

const notFound = () => AppError.notFound(CONTENT_MSG.notFound('Team member'));

function shape(row: Row): TeamMember {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    position: row.position,
    photo: mediaUrl(row.photo),
  };
}

const columns = (v: TeamMemberValues) => ({ firstName: v.first_name, lastName: v.last_name, position: v.position });

/** Every member, in the order they were added. */
export async function listTeamMembers(ctx: AppContext): Promise<TeamMember[]> {
  const rows = await ctx.db.select().from(teamMembers).orderBy(asc(teamMembers.id));
  return rows.map(shape);
}

export async function createTeamMember(ctx: AppContext, form: UploadForm<TeamMemberForm>): Promise<TeamMember> {
  const v = mergeTeamMember(EMPTY, form.fields);
  const files = checkForm(validateTeamMember(v), form.uploads, KINDS);
  const row = await storeFiles(ctx, files, async (keys, tx) => {
    const [inserted] = await tx
      .insert(teamMembers)
      .values({ ...columns(v), photo: keys.photo ?? null })
      .returning();
    if (!inserted) throw new Error('team member insert returned nothing');
    return inserted;
  });
  await invalidatePublicCache(ctx);
  return shape(row);
}

/** Sent fields replace, missing ones stay; a sent photo replaces the old one, `photo_clear=true`
 * removes it. A replaced photo is deleted once the update has committed. */
export async function updateTeamMember(
  ctx: AppContext,
  id: number,
  form: UploadForm<TeamMemberForm>,
): Promise<TeamMember> {
  const [existing] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.id, id));
  if (!existing) throw notFound();
  const v = mergeTeamMember(
    { first_name: existing.firstName, last_name: existing.lastName, position: existing.position },
    form.fields,
  );
  const files = checkForm(validateTeamMember(v), form.uploads, KINDS);
  const { row, dropped } = await storeFiles(ctx, files, async (keys, tx) => {
    const [current] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for('update');
    if (!current) throw notFound();
    const photo = keys.photo ?? (form.fields.photo_clear === 'true' ? null : current.photo);
    const [updated] = await tx
      .update(teamMembers)
      .set({ ...columns(v), photo })
      .where(eq(teamMembers.id, id))
      .returning();
    if (!updated) throw notFound();
    return { row: updated, dropped: droppedKeys([current.photo], [photo]) };
  });
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, dropped);
  return shape(row);
}

/** Deletes the member and then the photo. */
export async function deleteTeamMember(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
  if (!row) throw notFound();
  await invalidatePublicCache(ctx);
  await removeFiles(ctx, ctx.db, [row.photo]);
}
