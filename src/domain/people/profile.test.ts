import { describe, expect, expectTypeOf, it } from 'vitest';
import { profileUpdateSchema, registrationPayloadSchema } from '../accounts/validation.ts';
import {
  type AdminProfile,
  AdminProfileSchema,
  type AdminProfileValues,
  ProfileFieldsSchema,
  type ProfileResponse,
  ProfileResponseSchema,
} from './profile.ts';
import { profileUpdateBodySchema } from './users.ts';

const fields = Object.keys(ProfileFieldsSchema.shape);

describe('the profile shape, written once', () => {
  it('puts every profile field in the user’s response and in the back office’s', () => {
    expect(fields).toHaveLength(17);
    for (const f of fields) {
      expect(Object.keys(ProfileResponseSchema.shape), f).toContain(f);
      expect(Object.keys(AdminProfileSchema.shape), f).toContain(f);
    }
    expect(Object.keys(AdminProfileSchema.shape.user.shape)).toEqual([
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'admin_level',
    ]);
  });

  it('gives the types the server and the browser use', () => {
    expectTypeOf<ProfileResponse['gender']>().toEqualTypeOf<'MALE' | 'FEMALE' | null>();
    expectTypeOf<AdminProfile['is_racer_confirmed']>().toEqualTypeOf<'PENDING' | 'APPROVED' | 'REJECTED'>();
    expectTypeOf<AdminProfileValues['local_club']>().toEqualTypeOf<string | null>();
    expectTypeOf<AdminProfileValues>().not.toHaveProperty('accept_terms_and_conditions');
  });

  it('refuses a permission that is not true or false by its name, in all three requests', () => {
    const message = 'Permission for social media must be true or false';
    for (const schema of [registrationPayloadSchema, profileUpdateSchema, profileUpdateBodySchema]) {
      const got = schema.safeParse({ permission_social_media: 'yes' });
      expect(got.success).toBe(false);
      const issue = got.error?.issues.find((i) => i.path[0] === 'permission_social_media');
      expect(issue?.message).toBe(message);
    }
  });

  it('defaults the permissions to false at registration and leaves them out of an edit that omits them', () => {
    const reg = registrationPayloadSchema.safeParse({ is_racer: false });
    expect(reg.data?.permission_photographed).toBe(false);
    const edit = profileUpdateBodySchema.parse({});
    expect(edit.permission_photographed).toBeUndefined();
  });
});
