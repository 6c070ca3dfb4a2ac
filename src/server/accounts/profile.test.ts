import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { families, profiles, users } from '../db/schema.ts';
import { createUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';

const t = useTestApp();

const getProfile = (access?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: access ? bearer(access) : {} });
const putProfile = (payload: Record<string, unknown>, access?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/profile/', payload, headers: access ? bearer(access) : {} });

const CONTACT = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';

/** A complete, valid update of the editable fields. */
const update = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.address@example.com',
  contact_number: '07700 900123',
  emergency_contact_name: "Sam O'Hara",
  emergency_contact_number: '+44 1632 960001',
  se_reg_number: '7654321',
  permission_photographed: true,
  permission_name_on_photos: true,
  permission_social_media: false,
  permission_share_data_with_sponsors: true,
  ...overrides,
});

describe('GET /profile/', () => {
  it('answers the user with the profile fields at the top level', async () => {
    const user = await createUser(t.app, { racer: true, username: 'RacerOne1' });
    const { access } = await login(t.app, user);
    const res = await getProfile(access);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: user.id,
      username: 'RacerOne1',
      first_name: 'Test',
      last_name: expect.stringMatching(/^User\d+$/),
      email: 'RacerOne1@example.com',
      role: 'user',
      admin_level: 'NONE',
      is_superuser: false,
      family: null,
      racer_id: null,
      is_racer: true,
      is_racer_confirmed: 'PENDING',
      contact_number: '',
      date_of_birth: '2012-05-05',
      gender: 'FEMALE',
      ski_or_board: 'SKI',
      local_club: 'HEMEL_SKI_RACE_CLUB',
      other_club: '',
      emergency_contact_name: 'Pat Morgan',
      emergency_contact_number: '01234 567891',
      accept_terms_and_conditions: true,
      permission_photographed: false,
      permission_name_on_photos: false,
      permission_social_media: false,
      permission_share_data_with_sponsors: false,
      se_reg_number: '',
    });
  });

  it('reports the effective admin level', async () => {
    const admin = await signedIn(t.app, 'admin');
    expect(json(await getProfile(admin.access))).toMatchObject({
      role: 'admin',
      admin_level: 'ADMIN',
      is_superuser: false,
    });
    const superAdmin = await signedIn(t.app, 'super');
    expect(json(await getProfile(superAdmin.access))).toMatchObject({ admin_level: 'SUPER', is_superuser: true });
  });

  it('lists the family members', async () => {
    const parent = await createUser(t.app, { username: 'ParentOne1' });
    const child = await createUser(t.app, { username: 'ChildOne1' });
    await createUser(t.app, { username: 'Stranger1' });
    const [family] = await t.app.ctx.db.insert(families).values({}).returning();
    if (!family) throw new Error('no family');
    for (const id of [parent.id, child.id]) {
      await t.app.ctx.db.update(users).set({ familyId: family.id }).where(eq(users.id, id));
    }
    const { access } = await login(t.app, parent);
    expect(json(await getProfile(access)).family).toEqual({
      id: family.id,
      members: [
        { id: parent.id, username: 'ParentOne1', first_name: 'Test', last_name: expect.any(String) },
        { id: child.id, username: 'ChildOne1', first_name: 'Test', last_name: expect.any(String) },
      ],
    });
  });

  it('answers 401 without a token', async () => {
    expect((await getProfile()).statusCode).toBe(401);
    expect((await getProfile('not.a.token')).statusCode).toBe(401);
  });
});

describe('PUT /profile/', () => {
  it('saves the editable fields and answers the updated user', async () => {
    const { user, access } = await signedIn(t.app);
    const res = await putProfile(update(), access);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, username: user.username, ...update() });
    expect(json(await getProfile(access))).toMatchObject(update());
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe('new.address@example.com');
  });

  it('leaves permissions that are not sent as they were', async () => {
    const { access } = await signedIn(t.app);
    await putProfile(update({ permission_social_media: true }), access);
    const { permission_social_media: _omitted, ...rest } = update();
    const res = await putProfile(rest, access);
    expect(res.statusCode).toBe(200);
    expect(json(res).permission_social_media).toBe(true);
  });

  it('refuses read-only fields by name and changes nothing', async () => {
    const { user, access } = await signedIn(t.app);
    const res = await putProfile(update({ first_name: 'Hacker', is_racer: true, date_of_birth: '2000-01-01' }), access);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      first_name: ['This field cannot be changed'],
      is_racer: ['This field cannot be changed'],
      date_of_birth: ['This field cannot be changed'],
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe('Test');
    expect(row?.email).toBe(`${user.username}@example.com`);
  });

  it('refuses fields that are not part of the profile, such as the role', async () => {
    const { user, access } = await signedIn(t.app);
    const res = await putProfile(update({ role: 'admin', is_superuser: true }), access);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ role: ['Unknown field: role'], is_superuser: ['Unknown field: is_superuser'] });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'user', isSuperuser: false });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['email missing', { email: '' }, 'email', 'Email is required'],
    ['email invalid', { email: 'no-at-sign' }, 'email', 'Please enter a valid email address (max 254 characters)'],
    [
      'email of 255 characters',
      { email: `${'a'.repeat(243)}@example.com` },
      'email',
      'Please enter a valid email address (max 254 characters)',
    ],
    ['contact number', { contact_number: '0123' }, 'contact_number', CONTACT],
    [
      'emergency name missing',
      { emergency_contact_name: '' },
      'emergency_contact_name',
      'Emergency contact name is required',
    ],
    [
      'emergency name of one word',
      { emergency_contact_name: 'Sam' },
      'emergency_contact_name',
      'Please provide both first and last name for emergency contact',
    ],
    [
      'emergency number missing',
      { emergency_contact_number: '' },
      'emergency_contact_number',
      'Emergency contact number is required',
    ],
    ['emergency number invalid', { emergency_contact_number: '999' }, 'emergency_contact_number', CONTACT],
    [
      'SE number of 8 digits',
      { se_reg_number: '12345678' },
      'se_reg_number',
      'SE Registration Number must be a number between 1 and 7 digits',
    ],
  ];

  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const { user, access } = await signedIn(t.app);
    const res = await putProfile(update(overrides), access);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ [field]: [message] });
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row?.contactNumber).toBe('');
  });

  it('accepts an e-mail of 254 characters and an SE number of 7 digits', async () => {
    const { access } = await signedIn(t.app);
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    const res = await putProfile(update({ email, se_reg_number: '1234567' }), access);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ email, se_reg_number: '1234567' });
  });

  it('answers 401 without a token, whatever the body', async () => {
    expect((await putProfile(update())).statusCode).toBe(401);
    expect((await putProfile({ first_name: 'X' })).statusCode).toBe(401);
  });

  it('changes only the signed-in user: B is untouched after A saves', async () => {
    const a = await signedIn(t.app);
    const b = await signedIn(t.app);
    const before = json(await getProfile(b.access));
    const res = await putProfile(update(), a.access);
    expect(res.statusCode).toBe(200);
    expect(json(res).id).toBe(a.user.id);
    expect(json(await getProfile(b.access))).toEqual(before);
    expect(json(await getProfile(a.access)).email).toBe('new.address@example.com');
  });
});
