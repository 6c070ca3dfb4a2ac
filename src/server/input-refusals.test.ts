import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextIp, registration } from './accounts/test-support.ts';
import { IMAGE_AND_LOGO, raceFields } from './events/test-support.ts';
import { multipart, SAMPLE } from './test/files.ts';
import { signedIn } from './test/fixtures.ts';
import { bearer, useTestApp } from './test/helper.ts';

/** The attacks issue 6 reported, one by one: each used to answer 500 (or store a broken value);
 * each now answers 400 naming the field, with the text rule's message. */
const t = useTestApp();

const NOT_ALLOWED = (label: string) => `${label} contains characters that are not allowed`;
type Role = 'anonymous' | 'user' | 'admin';
const auth: Record<Role, Record<string, string>> = { anonymous: {}, user: {}, admin: {} };

beforeEach(async () => {
  auth.user = bearer((await signedIn(t.app, 'user')).access);
  auth.admin = bearer((await signedIn(t.app, 'admin')).access);
});

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, role: Role) =>
  t.app.inject({ method, url, payload, headers: auth[role], remoteAddress: nextIp() });

const sendForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...auth.admin } });
};

function expectRefused(res: LightMyRequestResponse, field: string, message: string): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
}

describe('JSON fields', () => {
  const cases: [string, 'POST' | 'PUT' | 'PATCH', string, object, Role, string, string][] = [
    [
      'login username',
      'POST',
      '/api/v1/login/',
      { username: 'a\u0000b', password: 'x' },
      'anonymous',
      'username',
      NOT_ALLOWED('Username'),
    ],
    [
      'login password',
      'POST',
      '/api/v1/login/',
      { username: 'someone', password: 'Pass\u0000word1!' },
      'anonymous',
      'password',
      NOT_ALLOWED('Password'),
    ],
    [
      'register first name',
      'POST',
      '/api/v1/register/',
      registration({ first_name: 'Sa\u0000m' }),
      'anonymous',
      'first_name',
      'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
    ],
    [
      'register e-mail',
      'POST',
      '/api/v1/register/',
      registration({ email: 'sam\u0000@example.com' }),
      'anonymous',
      'email',
      'Please enter a valid email address (max 254 characters)',
    ],
    [
      'register password',
      'POST',
      '/api/v1/register/',
      registration({ password: 'Snow#Fall\u000042' }),
      'anonymous',
      'password',
      NOT_ALLOWED('Password'),
    ],
    [
      'profile emergency name',
      'PUT',
      '/api/v1/profile/',
      { email: 'a@example.com', emergency_contact_name: 'Pat \u0000Morgan', emergency_contact_number: '01234 123456' },
      'user',
      'emergency_contact_name',
      NOT_ALLOWED('Emergency contact name'),
    ],
    [
      'FAQ question',
      'POST',
      '/api/v1/faqs/create/',
      { question: 'Why\u0000?', answer: 'Because.' },
      'admin',
      'question',
      NOT_ALLOWED('Question'),
    ],
    [
      'FAQ answer',
      'POST',
      '/api/v1/faqs/create/',
      { question: 'Why?', answer: 'Be\ud800cause.' },
      'admin',
      'answer',
      NOT_ALLOWED('Answer'),
    ],
    [
      'governance',
      'PATCH',
      '/api/v1/governance/update/',
      { paragraph: 'Our board\u0000' },
      'admin',
      'paragraph',
      NOT_ALLOWED('Paragraph'),
    ],
    [
      'content block',
      'PUT',
      '/api/v1/content/update/',
      { home_intro: 'Welcome\u0000' },
      'admin',
      'home_intro',
      NOT_ALLOWED('Home intro'),
    ],
    [
      'testimonial',
      'PUT',
      '/api/v1/content/update/',
      { testimonials: [{ quote: 'Great', author: 'A\u0085' }] },
      'admin',
      'testimonials.0.author',
      NOT_ALLOWED('Author'),
    ],
    [
      'contact message',
      'POST',
      '/api/v1/contact/',
      { 'first-name': 'Ann', 'last-name': 'Lee', email: 'a@example.com', message: 'Hi\u0000' },
      'anonymous',
      'message',
      NOT_ALLOWED('Message'),
    ],
  ];
  it.each(cases)('%s', async (_name, method, url, payload, role, field, message) => {
    expectRefused(await send(method, url, payload, role), field, message);
  });

  it('a sign-in username is at most 150 characters; a 900,000-character one is refused unread', async () => {
    const atMost = await send('POST', '/api/v1/login/', { username: 'u'.repeat(150), password: 'x' }, 'anonymous');
    expect(atMost.statusCode).toBe(401);
    for (const n of [151, 900_000]) {
      const res = await send('POST', '/api/v1/login/', { username: 'u'.repeat(n), password: 'x' }, 'anonymous');
      expectRefused(res, 'username', 'Username must be 150 characters or fewer');
    }
    const password = (n: number) =>
      send('POST', '/api/v1/login/', { username: 'someone1', password: 'p'.repeat(n) }, 'anonymous');
    expect((await password(256)).statusCode).toBe(401);
    expectRefused(await password(257), 'password', 'Password must be 256 characters or fewer');
  });

  it('a multi-line field keeps its tabs and line breaks; a single-line one refuses them', async () => {
    const ok = await send('POST', '/api/v1/faqs/create/', { question: 'Why?', answer: 'One\ttwo\r\nthree' }, 'admin');
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as { answer: string }).answer).toBe('One\ttwo\r\nthree');
    const bad = await send('POST', '/api/v1/faqs/create/', { question: 'Why\tnot?', answer: 'Because.' }, 'admin');
    expectRefused(bad, 'question', NOT_ALLOWED('Question'));
  });
});

describe('multipart text fields', () => {
  it('event name', async () => {
    const res = await sendForm(
      'POST',
      '/api/v1/products/create/',
      raceFields({ name: 'Club\u0000Race' }),
      IMAGE_AND_LOGO,
    );
    expectRefused(res, 'name', NOT_ALLOWED('Name'));
  });

  it('club details, team member and organisation document', async () => {
    const club = await sendForm('POST', '/api/v1/slope-info/create/', {
      race_club_name: 'Hemel\u0000',
      slope_name: 'Snow',
    });
    expectRefused(club, 'race_club_name', NOT_ALLOWED('Race club name'));
    const member = { first_name: 'Ann\u001b', last_name: 'Lee', position: 'Chair' };
    expectRefused(
      await sendForm('POST', '/api/v1/team-members/create/', member),
      'first_name',
      NOT_ALLOWED('First name'),
    );
    const pdf = { document: { filename: 'p.pdf', bytes: SAMPLE.pdf, type: 'application/pdf' } };
    const doc = await sendForm('POST', '/api/v1/organization-documents/create/', { name: 'Policy\u007f' }, pdf);
    expectRefused(doc, 'name', NOT_ALLOWED('Document name'));
  });

  it('an event document name, and the event form’s date with its own message', async () => {
    const event = await sendForm('POST', '/api/v1/products/create/', raceFields(), IMAGE_AND_LOGO);
    expect(event.statusCode).toBe(201);
    const { id } = event.json() as { id: number };
    const file = { document: { filename: 't.txt', bytes: SAMPLE.txt, type: 'text/plain' } };
    const doc = await sendForm('POST', `/api/v1/products/${id}/add-document/`, { name: 'Times\u0000' }, file);
    expectRefused(doc, 'name', NOT_ALLOWED('Document name'));
    const date = await sendForm('PUT', `/api/v1/products/${id}/update/`, raceFields({ date: '2026-02-14\u0000' }));
    expectRefused(date, 'date', 'Date must be a valid date (YYYY-MM-DD)');
  });

  it('a text part longer than a form may carry answers 413 instead of being cut short', async () => {
    const res = await sendForm('POST', '/api/v1/slope-info/create/', {
      race_club_name: 'x'.repeat(100_001),
      slope_name: 'Snow',
    });
    expect(res.statusCode).toBe(413);
    expect((res.json() as { errors: Record<string, string[]> }).errors).toEqual({
      race_club_name: ['This field is too long.'],
    });
  });
});

describe('path parameters', () => {
  it('an event slug holding a control character', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/club%00race/' });
    expectRefused(res, 'slug', NOT_ALLOWED('Slug'));
  });
});
