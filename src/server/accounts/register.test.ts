import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { profiles, users } from '../db/schema.ts';
import { json, useTestApp } from '../test/helper.ts';
import { nextIp, registration } from './test-support.ts';

const t = useTestApp();

const register = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/register/',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

async function storedUser(username: string) {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.username, username));
  const [profile] = user ? await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id)) : [];
  return { user, profile };
}

describe('register: success', () => {
  it('stores a racer with capitalised names, a hashed password and a pending racer status', async () => {
    const res = await register(registration());
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({
      username: 'MaryJane2012',
      first_name: 'Mary-Jane',
      last_name: "O'Neil",
      email: 'mary.jane@example.com',
      role: 'user',
      admin_level: 'NONE',
      is_superuser: false,
      family: null,
      racer_id: null,
      is_racer: true,
      is_racer_confirmed: 'PENDING',
      date_of_birth: '2012-03-04',
      gender: 'FEMALE',
      ski_or_board: 'SKI',
      local_club: 'HEMEL_SKI_RACE_CLUB',
      emergency_contact_number: '+44 1234 123456',
      accept_terms_and_conditions: true,
      permission_photographed: true,
      permission_name_on_photos: false,
      se_reg_number: '123456',
    });
    // no tokens: the client signs in afterwards
    expect(body).not.toHaveProperty('access');
    expect(body).not.toHaveProperty('password');
    expect(res.headers['set-cookie']).toBeUndefined();

    const { user, profile } = await storedUser('MaryJane2012');
    expect(user?.firstName).toBe('Mary-Jane');
    expect(user?.lastName).toBe("O'Neil");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain('Snow#Fall42');
    expect(profile?.isRacer).toBe(true);
    expect(profile?.isRacerConfirmed).toBe('PENDING');
    expect(profile?.dateOfBirth).toBe('2012-03-04');
  });

  it('stores a non-racer without the racer-only fields', async () => {
    const res = await register(
      registration({
        is_racer: false,
        username: 'Parent2012',
        date_of_birth: '2015-01-01',
        gender: 'MALE',
        ski_or_board: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ is_racer: false, date_of_birth: null, gender: null, ski_or_board: null });
    const { profile } = await storedUser('Parent2012');
    expect(profile).toMatchObject({ isRacer: false, dateOfBirth: null, gender: null, skiOrBoard: null });
  });

  it('trims text fields', async () => {
    const res = await register(registration({ username: '  Trimmed2012 ', email: ' trim@example.com ' }));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ username: 'Trimmed2012', email: 'trim@example.com' });
  });
});

describe('register: field errors', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['first name missing', { first_name: '' }, 'first_name', 'First name is required'],
    [
      'first name too short',
      { first_name: 'J' },
      'first_name',
      'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
    ],
    ['last name missing', { last_name: ' ' }, 'last_name', 'Last name is required'],
    [
      'last name with a digit',
      { last_name: 'Sm1th' },
      'last_name',
      'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
    ],
    [
      'username starting with a digit',
      { username: '1abcdefgh' },
      'username',
      'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
    ],
    [
      'username too short',
      { username: 'abc1234' },
      'username',
      'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
    ],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Please enter a valid email address (max 254 characters)'],
    [
      'email too long',
      { email: `${'a'.repeat(243)}@example.com` },
      'email',
      'Please enter a valid email address (max 254 characters)',
    ],
    [
      'password without special character',
      { password: 'Password1' },
      'password',
      'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [
      'password holding the username',
      { password: 'Maryjane2012!' },
      'password',
      'Password should not contain your username, email, first name, or last name',
    ],
    [
      'contact number',
      { contact_number: '12345' },
      'contact_number',
      'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456',
    ],
    ['racer without birth date', { date_of_birth: '' }, 'date_of_birth', 'Date of birth is required for racers'],
    [
      'racer with impossible birth date',
      { date_of_birth: '2012-02-30' },
      'date_of_birth',
      'Please enter a valid date of birth',
    ],
    ['racer without gender', { gender: null }, 'gender', 'Gender is required for racers'],
    [
      'racer without discipline',
      { ski_or_board: '' },
      'ski_or_board',
      'Ski or Snowboard selection is required for racers',
    ],
    ['racer without club', { local_club: null }, 'local_club', 'Local club is required for racers'],
    ['OTHER club unnamed', { local_club: 'OTHER', other_club: '' }, 'other_club', 'Please specify your club'],
    [
      'OTHER club name too short',
      { local_club: 'OTHER', other_club: 'AB' },
      'other_club',
      'Club name must be 3-50 characters long and contain only letters and spaces',
    ],
    [
      'emergency contact with one name',
      { emergency_contact_name: 'Pat' },
      'emergency_contact_name',
      'Please provide both first and last name for emergency contact',
    ],
    [
      'emergency number missing',
      { emergency_contact_number: '' },
      'emergency_contact_number',
      'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456',
    ],
    [
      'policies not accepted',
      { accept_terms_and_conditions: false },
      'accept_terms_and_conditions',
      'You must accept the ERSA policies to register',
    ],
    [
      'SE number of 8 digits',
      { se_reg_number: '12345678' },
      'se_reg_number',
      'SE Registration Number must be a number between 1 and 7 digits',
    ],
  ];

  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(400);
    const body = json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors).toEqual({ [field]: [message] });
    expect((await storedUser('MaryJane2012')).user).toBeUndefined();
  });

  it('reports every failing field at once', async () => {
    const res = await register(registration({ first_name: '', email: 'x', is_racer: true, gender: null }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: object }>(res).errors).sort()).toEqual(['email', 'first_name', 'gender']);
  });

  it('refuses a username taken in another case, and stores nothing more', async () => {
    expect((await register(registration())).statusCode).toBe(201);
    const res = await register(registration({ username: 'MARYJANE2012', email: 'other@example.com' }));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ username: ['A user with that username already exists.'] });
    expect(await t.app.ctx.db.select().from(users)).toHaveLength(1);
  });

  it('gives two simultaneous registrations of one username one account and one field error', async () => {
    const results = await Promise.all([
      register(registration({ username: 'SameName2012' })),
      register(registration({ username: 'samename2012' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused && json(refused).errors).toEqual({ username: ['A user with that username already exists.'] });
    expect(await t.app.ctx.db.select().from(profiles)).toHaveLength(1);
  });
});

describe('register: request shape', () => {
  it('refuses an unknown field', async () => {
    const res = await register({ ...registration(), role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ role: ['Unknown field: role'] });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(FAULT_MSG.notJson);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await register(registration({ other_club: 'x'.repeat(1024 * 1024 + 1) }));
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits registrations from one address to 20 a minute', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await register({}, ip)).statusCode).toBe(400);
    const limited = await register(registration(), ip);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('RATE_LIMITED');
    expect((await register(registration())).statusCode).toBe(201);
  });
});

describe('register: minimum age in London on the day', () => {
  it('accepts a racer whose 4th birthday is today and refuses one whose birthday is tomorrow', async () => {
    t.clock.set('2026-11-22T12:00:00Z');
    const tomorrow = await register(registration({ username: 'Tomorrow2022', date_of_birth: '2022-11-23' }));
    expect(tomorrow.statusCode).toBe(400);
    expect(json(tomorrow).errors).toEqual({ date_of_birth: ['User must be at least 4 years old'] });
    const today = await register(registration({ username: 'Birthday2022', date_of_birth: '2022-11-22' }));
    expect(today.statusCode).toBe(201);
  });

  it('uses the London date, not UTC, around midnight in summer time', async () => {
    // 23:30 UTC on 21 June is already 22 June in London (BST)
    t.clock.set('2026-06-21T23:30:00Z');
    const res = await register(registration({ username: 'Midsummer2022', date_of_birth: '2022-06-22' }));
    expect(res.statusCode).toBe(201);
  });
});
