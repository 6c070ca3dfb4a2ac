import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { registration } from '../accounts/test-support.ts';
import { profiles, users } from '../db/schema.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { raceEventRow } from './booked-test-support.ts';

const t = useTestApp();
let admin: { authorization: string };
let adminUser: FixtureUser;

const put = (url: string, payload: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const profileId = async (u: FixtureUser) =>
  (await t.app.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, u.id)))[0]?.id as number;
const editProfile = async (u: FixtureUser, payload: object, headers = admin) =>
  put(`/api/v1/profiles/update/${await profileId(u)}/`, payload, headers);
const profileOf = async (u: FixtureUser) =>
  (await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, u.id)))[0];

beforeEach(async () => {
  adminUser = await createUser(t.app, { kind: 'admin' });
  admin = bearer((await login(t.app, adminUser)).access);
});

describe('archive and restore', () => {
  it('archives: the account cannot sign in, its sessions end, and it leaves the list for the archived view', async () => {
    const member = await createUser(t.app, { username: 'soon.gone' });
    const session = await login(t.app, member);
    const res = await editProfile(member, { archived: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, message: 'User archived.' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: member.username, password: member.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error).toBe('Invalid username or password, please try again.');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      headers: { cookie: session.cookie },
    });
    expect(refreshed.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(session.access) });
    expect(me.statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/profiles/?sort=archived', headers: admin });
    expect(listed.json().results.map((r: { user: { username: string } }) => r.user.username)).toEqual(['soon.gone']);

    const restored = await editProfile(member, { archived: false });
    expect(restored.json()).toMatchObject({ archived: false, message: 'User restored.' });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: member.username, password: member.password },
    });
    expect(back.statusCode).toBe(200);
    expect(typeof back.json().access).toBe('string');
  });

  it('an archived racer cannot be entered: Add Participant refuses them', async () => {
    const racer = await createUser(t.app, { racer: true });
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, racer.id));
    await editProfile(racer, { archived: true });
    const eventId = await raceEventRow(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${eventId}/add-participant/`,
      headers: admin,
      payload: { user_id: racer.id },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses to archive one’s own account, and archived with other fields', async () => {
    const self = await editProfile(adminUser, { archived: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot archive your own account.');
    const member = await createUser(t.app);
    const mixed = await editProfile(member, { archived: true, contact_number: '01234 567890' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ archived: ['Send archived on its own.'] });
    expect((await profileOf(member))?.archived).toBe(false);
  });
});

describe('editing a profile', () => {
  it('changes the fields sent and keeps the rest', async () => {
    const member = await createUser(t.app);
    const res = await editProfile(member, { contact_number: '07700 900123', se_reg_number: '1234567' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      contact_number: '07700 900123',
      se_reg_number: '1234567',
      emergency_contact_name: 'Pat Morgan',
      message: 'User updated successfully!',
    });
  });

  it('makes an account a racer only with date of birth, gender, ski or snowboard and club; OTHER needs a name', async () => {
    const member = await createUser(t.app);
    const bare = await editProfile(member, { is_racer: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toMatchObject({
      gender: ['Gender is required for racers'],
      ski_or_board: ['Ski or Snowboard selection is required for racers'],
      local_club: ['Local club is required for racers'],
    });
    expect(bare.json().errors.date_of_birth).toHaveLength(1);
    const other = await editProfile(member, {
      is_racer: true,
      date_of_birth: '2012-04-04',
      gender: 'MALE',
      ski_or_board: 'SKI',
      local_club: 'OTHER',
      other_club: '',
    });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toEqual(['other_club']);
    const ok = await editProfile(member, {
      is_racer: true,
      date_of_birth: '2012-04-04',
      gender: 'MALE',
      ski_or_board: 'SKI',
      local_club: 'OTHER',
      other_club: 'Chel Ski Club',
    });
    expect(ok.json()).toMatchObject({ is_racer: true, local_club: 'OTHER', other_club: 'Chel Ski Club' });
  });

  it('sets a racer number by hand; a number in use is refused on the field; approvals never give it again', async () => {
    const a = await createUser(t.app, { racer: true });
    const b = await createUser(t.app, { racer: true });
    expect((await editProfile(a, { racer_id: 500 })).json().racer_id).toBe(500);
    const taken = await editProfile(b, { racer_id: 500 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ racer_id: ['That racer number is already in use.'] });
    // a's number changes, and 500 is not given to the next approval
    await editProfile(a, { racer_id: 12 });
    const approved = await editProfile(b, { is_racer_confirmed: 'APPROVED' });
    expect(approved.json().racer_id).toBe(501);
    for (const bad of [0, -3, 1.5, 2 ** 31, '7']) {
      const res = await editProfile(b, { racer_id: bad });
      expect(res.statusCode, String(bad)).toBe(400);
    }
  });

  it('two edits giving the same number at once: one has it, the other is told, never a 500', async () => {
    const a = await createUser(t.app, { racer: true });
    const b = await createUser(t.app, { racer: true });
    const both = await Promise.all([editProfile(a, { racer_id: 77 }), editProfile(b, { racer_id: 77 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)?.json().errors).toEqual({
      racer_id: ['That racer number is already in use.'],
    });
  });

  it('answers 404 for an unknown profile and refuses unknown fields', async () => {
    expect((await put('/api/v1/profiles/update/99999/', { contact_number: '' })).statusCode).toBe(404);
    const member = await createUser(t.app);
    const res = await editProfile(member, { username: 'x' });
    expect(res.json().errors).toEqual({ username: ['Unknown field: username'] });
  });
});

describe('editing an account', () => {
  it('changes names and e-mail under the registration rules', async () => {
    const member = await createUser(t.app);
    const res = await put(`/api/v1/users/update/${member.id}/`, {
      first_name: 'Robin',
      last_name: 'Hill',
      email: 'robin@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Robin', last_name: 'Hill', email: 'robin@example.com' });
    const bad = await put(`/api/v1/users/update/${member.id}/`, { first_name: '', last_name: 'H1', email: 'nope' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'first_name', 'last_name']);
    expect(bad.json().errors.first_name).toEqual(['First name is required']);
  });

  it('lets a super administrator grant and revoke ADMIN; refuses an ordinary admin, one’s own level, and a super’s', async () => {
    const superUser = await createUser(t.app, { kind: 'super' });
    const asSuper = bearer((await login(t.app, superUser)).access);
    const member = await createUser(t.app);
    const names = { first_name: 'Test', last_name: 'User', email: 'm@example.com' };
    const byAdmin = await put(`/api/v1/users/update/${member.id}/`, { ...names, admin_level: 'ADMIN' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe('Only a super administrator can change an admin level.');
    const granted = await put(`/api/v1/users/update/${member.id}/`, { ...names, admin_level: 'ADMIN' }, asSuper);
    expect(granted.json().admin_level).toBe('ADMIN');
    const asNewAdmin = bearer((await login(t.app, member)).access);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profiles/', headers: asNewAdmin })).statusCode).toBe(200);
    const revoked = await put(`/api/v1/users/update/${member.id}/`, { ...names, admin_level: 'NONE' }, asSuper);
    expect(revoked.json().admin_level).toBe('NONE');
    const own = await put(`/api/v1/users/update/${superUser.id}/`, { ...names, admin_level: 'NONE' }, asSuper);
    expect(own.json().error).toBe('You cannot change your own admin level.');
    const other = await createUser(t.app, { kind: 'super' });
    const ofSuper = await put(`/api/v1/users/update/${other.id}/`, { ...names, admin_level: 'ADMIN' }, asSuper);
    expect(ofSuper.json().error).toBe('A super administrator’s level cannot be changed here.');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.adminLevel).toBe('SUPER');
  });
});

describe('Create User (POST /register/ with an administrator’s token)', () => {
  it('is not limited like sign-ups: 25 creations in a row all succeed, from one address', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register/',
        headers: { ...admin, 'x-forwarded-for': '10.9.9.9' },
        remoteAddress: '10.9.9.9',
        payload: registration({ username: `Created${String(i).padStart(4, '0')}`, email: `c${i}@example.com` }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('without a token, sign-ups from one address are still limited', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register/',
        remoteAddress: '10.9.9.8',
        payload: registration({ username: `Signup${String(i).padStart(4, '0')}`, email: `s${i}@example.com` }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
  });
});

describe('an ordinary administrator cannot take over a higher account', () => {
  it('refuses to edit or archive an administrator’s or super administrator’s account; a super administrator may edit an admin', async () => {
    const other = await createUser(t.app, { kind: 'admin' });
    const owner = await createUser(t.app, { kind: 'super' });
    for (const target of [other, owner]) {
      const email = await put(`/api/v1/users/update/${target.id}/`, {
        first_name: 'Evil',
        last_name: 'Takeover',
        email: 'attacker@example.com',
      });
      expect(email.statusCode).toBe(403);
      expect(email.json().error).toBe('Only a super administrator can change an administrator’s account.');
      expect((await editProfile(target, { contact_number: '07700 900123' })).statusCode).toBe(403);
      expect((await editProfile(target, { archived: true })).statusCode).toBe(403);
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row?.email).toBe(`${target.username}@example.com`);
      expect(row?.isActive).toBe(true);
    }
    const asOwner = bearer((await login(t.app, owner)).access);
    const edited = await put(
      `/api/v1/users/update/${other.id}/`,
      { first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com' },
      asOwner,
    );
    expect(edited.statusCode).toBe(200);
    // nobody archives a super administrator here (the owner cannot be locked out by a click)
    const otherOwner = await createUser(t.app, { kind: 'super' });
    const archived = await editProfile(otherOwner, { archived: true }, asOwner);
    expect(archived.statusCode).toBe(403);
    expect(archived.json().error).toBe('A super administrator’s account cannot be archived.');
  });
});
