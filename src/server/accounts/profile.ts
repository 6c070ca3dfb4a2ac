import { asc, eq } from 'drizzle-orm';
import {
  MSG,
  PROFILE_READ_ONLY,
  type ProfileUpdate,
  toFieldErrors,
  validateProfileUpdate,
} from '../../domain/accounts/index.ts';
import type { FamilyMember, ProfileResponse } from '../../domain/people/profile.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { AppError, type FieldErrors } from '../errors.ts';
import { toProfileResponse } from './profile-shape.ts';

/** The user with profile and family, as GET /api/v1/profile/ answers. */
export async function loadProfile(db: Db, userId: number): Promise<ProfileResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound();
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const members: FamilyMember[] =
    user.familyId === null
      ? []
      : await db
          .select({ id: users.id, username: users.username, first_name: users.firstName, last_name: users.lastName })
          .from(users)
          .where(eq(users.familyId, user.familyId))
          .orderBy(asc(users.id));
  return toProfileResponse(user, profile, members);
}

/** PUT /api/v1/profile/, before the body's shape is checked: each read-only field sent is
 * refused by name (doc 1 §5 "Profile update"). */
export function assertNoReadOnlyFields(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const fields: FieldErrors = {};
  for (const field of PROFILE_READ_ONLY) if (Object.hasOwn(body, field)) fields[field] = [MSG.readOnly];
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

/** Saves the signed-in user's own editable fields: e-mail on the user, the rest on the profile. */
export async function updateProfile(ctx: AppContext, userId: number, input: ProfileUpdate): Promise<ProfileResponse> {
  const messages = validateProfileUpdate(input);
  if (Object.keys(messages).length > 0) throw AppError.validation(toFieldErrors(messages));
  const changes = {
    contactNumber: input.contact_number,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactNumber: input.emergency_contact_number,
    seRegNumber: input.se_reg_number,
    permissionPhotographed: input.permission_photographed,
    permissionNameOnPhotos: input.permission_name_on_photos,
    permissionSocialMedia: input.permission_social_media,
    permissionShareDataWithSponsors: input.permission_share_data_with_sponsors,
  };
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ email: input.email }).where(eq(users.id, userId));
    await tx
      .insert(profiles)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: changes });
    return loadProfile(tx, userId);
  });
}
