import { beforeEach, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../domain/faults.ts';
import { nextIp, registration } from './accounts/test-support.ts';
import { multipart, SAMPLE } from './test/files.ts';
import { signedIn } from './test/fixtures.ts';
import { bearer, useTestApp } from './test/helper.ts';

/** Issue 6: a missing or wrongly typed field answers the spec's message for that field (doc 1 §5,
 * doc 2 §5), never zod's own wording; an unknown field keeps 'Unknown field: x'. */
const t = useTestApp();

const FIRST_FORMAT =
  'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long';
const LAST_FORMAT = 'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long';
const USERNAME = 'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long';
const EMAIL = 'Please enter a valid email address (max 254 characters)';
const PASSWORD =
  'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character';
const CONTACT = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';
const EMERGENCY_BOTH = 'Please provide both first and last name for emergency contact';
const LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

type Role = 'anonymous' | 'user' | 'admin';
const auth: Record<Role, Record<string, string>> = { anonymous: {}, user: {}, admin: {} };
beforeEach(async () => {
  auth.user = bearer((await signedIn(t.app, 'user')).access);
  auth.admin = bearer((await signedIn(t.app, 'admin')).access);
});

const MISSING = Symbol('missing');
/** The body with `field` removed (MISSING) or set to `value`. */
function withField(body: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const out = { ...body };
  if (value === MISSING) delete out[field];
  else out[field] = value;
  return out;
}

interface Form {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  role: Role;
  body: Record<string, unknown>;
  /** field → [value sent, the message expected] */
  cases: [string, unknown, string][];
}

const racer = registration();
const other = registration({ local_club: 'OTHER', other_club: 'Chiltern Ski Club' });
const profile = {
  email: 'a@example.com',
  emergency_contact_name: 'Pat Morgan',
  emergency_contact_number: '01234 123456',
};
const FORMS: Record<string, Form> = {
  register: {
    method: 'POST',
    url: '/api/v1/register/',
    role: 'anonymous',
    body: racer,
    cases: [
      ['first_name', MISSING, 'First name is required'],
      ['first_name', null, 'First name is required'],
      ['first_name', 42, FIRST_FORMAT],
      ['last_name', MISSING, 'Last name is required'],
      ['last_name', ['Lee'], LAST_FORMAT],
      ['username', MISSING, USERNAME],
      ['username', 12345678, USERNAME],
      ['email', MISSING, EMAIL],
      ['email', {}, EMAIL],
      ['password', MISSING, PASSWORD],
      ['password', 42, PASSWORD],
      ['is_racer', MISSING, 'Racer must be true or false'],
      ['is_racer', 'yes', 'Racer must be true or false'],
      ['contact_number', 1234, CONTACT],
      ['date_of_birth', MISSING, 'Date of birth is required for racers'],
      ['date_of_birth', 20120304, 'Please enter a valid date of birth'],
      ['gender', MISSING, 'Gender is required for racers'],
      ['gender', 'OTHER', 'Gender is required for racers'],
      ['ski_or_board', 7, 'Ski or Snowboard selection is required for racers'],
      ['local_club', 'NOT_A_CLUB', 'Local club is required for racers'],
      ['emergency_contact_name', MISSING, EMERGENCY_BOTH],
      ['emergency_contact_name', 42, 'Emergency contact name is required'],
      ['emergency_contact_number', MISSING, CONTACT],
      ['emergency_contact_number', 1234, CONTACT],
      ['accept_terms_and_conditions', MISSING, 'You must accept the ERSA policies to register'],
      ['accept_terms_and_conditions', 'yes', 'You must accept the ERSA policies to register'],
      ['permission_photographed', 'yes', 'Permission to be photographed must be true or false'],
      ['se_reg_number', 1234567, 'SE Registration Number must be a number between 1 and 7 digits'],
      ['nickname', 'Sam', 'Unknown field: nickname'],
    ],
  },
  'register, other club': {
    method: 'POST',
    url: '/api/v1/register/',
    role: 'anonymous',
    body: other,
    cases: [
      ['other_club', MISSING, 'Please specify your club'],
      ['other_club', 42, 'Club name must be 3-50 characters long and contain only letters and spaces'],
    ],
  },
  login: {
    method: 'POST',
    url: '/api/v1/login/',
    role: 'anonymous',
    body: { username: 'someone1', password: 'Secret#1' },
    cases: [
      ['username', MISSING, '*Please enter your username'],
      ['username', 42, '*Please enter your username'],
      ['password', MISSING, '*Please enter your password'],
      ['password', null, '*Please enter your password'],
    ],
  },
  profile: {
    method: 'PUT',
    url: '/api/v1/profile/',
    role: 'user',
    body: profile,
    cases: [
      ['email', MISSING, 'Email is required'],
      ['email', 42, EMAIL],
      ['contact_number', 42, CONTACT],
      ['emergency_contact_name', MISSING, 'Emergency contact name is required'],
      ['emergency_contact_name', null, 'Emergency contact name is required'],
      ['emergency_contact_number', MISSING, 'Emergency contact number is required'],
      ['emergency_contact_number', 42, CONTACT],
      ['se_reg_number', 42, 'SE Registration Number must be a number between 1 and 7 digits'],
      ['permission_social_media', 'no', 'Permission for social media must be true or false'],
    ],
  },
  'change password': {
    method: 'POST',
    url: '/api/v1/change-password/',
    role: 'user',
    body: { old_password: 'Secret#Pass1', new_password1: 'Fresh#Powder9', new_password2: 'Fresh#Powder9' },
    cases: [
      ['old_password', MISSING, 'Current password is required'],
      ['old_password', 42, 'Current password is required'],
      ['new_password1', MISSING, 'New password is required'],
      ['new_password2', MISSING, 'Passwords do not match'],
      ['new_password2', 42, 'Passwords do not match'],
    ],
  },
  'reset request': {
    method: 'POST',
    url: '/api/v1/password-reset-request/',
    role: 'anonymous',
    body: { username: 'someone1' },
    cases: [
      ['username', MISSING, 'Please enter your username'],
      ['username', false, 'Please enter your username'],
    ],
  },
  'reset confirm': {
    method: 'POST',
    url: '/api/v1/password-reset-confirm/',
    role: 'anonymous',
    body: { uidb64: 'MQ', token: 'abc', new_password: 'Fresh#Powder9' },
    cases: [
      ['uidb64', MISSING, LINK_INVALID],
      ['token', 42, LINK_INVALID],
      ['new_password', MISSING, 'Please enter a new password'],
    ],
  },
  contact: {
    method: 'POST',
    url: '/api/v1/contact/',
    role: 'anonymous',
    body: { 'first-name': 'Ann', 'last-name': 'Lee', email: 'ann@example.com', message: 'Hello' },
    cases: [
      ['first-name', MISSING, 'First name is required'],
      ['first-name', 42, FIRST_FORMAT],
      ['last-name', null, 'Last name is required'],
      ['email', MISSING, EMAIL],
      ['message', MISSING, 'Message is required'],
      ['message', 42, 'Message is required'],
    ],
  },
  FAQ: {
    method: 'POST',
    url: '/api/v1/faqs/create/',
    role: 'admin',
    body: { question: 'Why?', answer: 'Because.' },
    cases: [
      ['question', MISSING, 'Question is required'],
      ['question', 42, 'Question is required'],
      ['answer', null, 'Answer is required'],
    ],
  },
  governance: {
    method: 'PATCH',
    url: '/api/v1/governance/update/',
    role: 'admin',
    body: { paragraph: 'Our board.' },
    cases: [
      ['paragraph', MISSING, 'Paragraph is required'],
      ['paragraph', 42, 'Paragraph is required'],
    ],
  },
};

describe.each(Object.entries(FORMS))('%s', (_name, form) => {
  it.each(form.cases)('%s = %o answers its message', async (field, value, message) => {
    const res = await t.app.inject({
      method: form.method,
      url: form.url,
      payload: withField(form.body, field, value),
      headers: auth[form.role],
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors[field]).toEqual([message]);
    expect(JSON.stringify(errors)).not.toMatch(/Invalid input|expected/);
  });
});

/** Issue 24: a key every JavaScript object has (`toString`, `constructor`…) once answered 500 on
 * every JSON route, /login/ first: the map of field errors found the object's own method there. */
describe('field names an object already has', () => {
  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty'])(
    '"%s" at /login/ is an unknown field',
    async (name) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/',
        payload: JSON.stringify({ username: 'someone1', password: 'Secret#Pass1', [name]: 'x' }),
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: `Unknown field: ${name}`,
        code: 'VALIDATION',
        errors: { [name]: [`Unknown field: ${name}`] },
      });
    },
  );

  it('a multipart form part named "toString" or "__proto__" is refused with its words', async () => {
    for (const name of ['toString', '__proto__', 'constructor']) {
      for (const body of [
        multipart({ name: 'Policy', [name]: 'x' }),
        multipart({ name: 'Policy' }, { [name]: { filename: 'a.pdf', bytes: SAMPLE.pdf } }),
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/organization-documents/create/',
          payload: body.payload,
          headers: { ...body.headers, ...auth.admin },
          remoteAddress: nextIp(),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ error: FAULT_MSG.partNameNotAllowed, code: 'BAD_REQUEST' });
      }
    }
  });
});
