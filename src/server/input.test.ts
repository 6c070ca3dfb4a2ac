import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { documentFormSchema, slopeFormSchema, teamMemberFormSchema } from '../domain/content/index.ts';
import { bookingDocumentFormSchema, eventFormTextSchema } from '../domain/events/index.ts';
import { FAULT_MSG } from '../domain/faults.ts';
import { type TextRule, textProblem } from '../domain/text.ts';
import { IMAGE_AND_LOGO, raceFields } from './events/test-support.ts';
import type { Access, RouteEntry } from './plugins/access.ts';
import { multipart, SAMPLE } from './test/files.ts';
import { signedIn } from './test/fixtures.ts';
import { bearer, useTestApp } from './test/helper.ts';
import { sampleValue, setAt, stringFields } from './test/schema-fields.ts';

/**
 * Issue 6: no text a client sends reaches the database unchecked. Every route in the app's route
 * table joins these tests by itself: its JSON body and path parameters are read from its zod
 * schemas, each string field is sent arbitrary strings (control characters, lone surrogates, NUL,
 * a megabyte) as the role its access needs, and the answer must be a 4xx with an `error`, never a
 * 5xx; where the field's text rule refuses the value, a 400 naming the field with the rule's
 * message. Multipart forms, read in their handlers, are listed below with their schemas.
 */
const t = useTestApp();

const RUNS = { json: 8, params: 6, multipart: 3, query: 4 };
const SEED = 20_250_615;

/** Bodies that pass the form's own rules, so that the varied field reaches the service and the
 * database. A route not listed is sent sampleValue(its schema). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/v1/register/': {
    first_name: 'Sam',
    last_name: 'Taylor',
    username: 'inputtest2025',
    email: 'sam@example.com',
    password: 'Blue$Piste42',
    is_racer: false,
    emergency_contact_name: 'Jane Taylor',
    emergency_contact_number: '01234 123456',
    accept_terms_and_conditions: true,
  },
  'PUT /api/v1/profile/': {
    email: 'sam@example.com',
    emergency_contact_name: 'Jane Taylor',
    emergency_contact_number: '01234 123456',
  },
};

type Files = Record<string, { filename: string; bytes: Buffer; type?: string }>;
/** The multipart forms: their text schema and a valid form. */
const MULTIPART: Record<string, { schema: z.ZodType; fields: Record<string, string>; files?: Files }> = {};
const eventForm = { schema: eventFormTextSchema, fields: raceFields(), files: IMAGE_AND_LOGO };
const slopeForm = { schema: slopeFormSchema, fields: { race_club_name: 'Hemel Ski Race Club', slope_name: 'Snow' } };
const teamForm = { schema: teamMemberFormSchema, fields: { first_name: 'Ann', last_name: 'Lee', position: 'Chair' } };
const pdf = { filename: 'policy.pdf', bytes: SAMPLE.pdf, type: 'application/pdf' };
const orgDocumentForm = { schema: documentFormSchema, fields: { name: 'Policy' }, files: { document: pdf } };
for (const [create, update, form] of [
  ['POST /api/v1/products/create/', 'PUT /api/v1/products/:id/update/', eventForm],
  ['POST /api/v1/slope-info/create/', 'PUT /api/v1/slope-info/update/:id/', slopeForm],
  ['POST /api/v1/team-members/create/', 'PUT /api/v1/team-members/update/:id/', teamForm],
  ['POST /api/v1/organization-documents/create/', 'PUT /api/v1/organization-documents/update/:id/', orgDocumentForm],
] as const) {
  MULTIPART[create] = form;
  MULTIPART[update] = form;
}
MULTIPART['POST /api/v1/products/:id/add-document/'] = {
  schema: bookingDocumentFormSchema,
  fields: { name: 'Timetable' },
  files: { document: { filename: 'times.pdf', bytes: SAMPLE.pdf, type: 'application/pdf' } },
};
/** Write routes that take no body at all. */
const NO_BODY = new Set([
  'POST /api/v1/products/:id/cancel/',
  'POST /api/v1/link-request/:id/',
  'POST /api/v1/cart/clear/',
  'POST /api/v1/payment/paypal/orders/:id/capture/',
  'POST /api/v1/admin/contact-messages/:id/read/',
  'POST /api/v1/admin/contact-messages/:id/unread/',
  // makes the caller's calendar feed: nothing to say but who is asking
  'POST /api/v1/profile/calendar-feed/',
  // the payer cancels one entry: the line in the path is all there is to say
  'POST /api/v1/my-entries/lines/:id/cancel/',
  'POST /api/v1/bookings/:id/remove-with-refund/',
  'POST /api/v1/admin/refunds/:id/refunded-by-hand/',
  'POST /api/v1/my-entries/free/:id/cancel/',
  // the owner answers a waiting-list offer: the entry in the path is all there is to say
  'POST /api/v1/waiting-list/:id/accept/',
  'POST /api/v1/waiting-list/:id/decline/',
  'POST /api/v1/waiting-list/:id/leave/',
  // Stripe's signed body, read as text and verified before anything in it is believed
  'POST /api/v1/payment/stripe/webhook/',
]);

/** Names every JavaScript object answers to (its prototype's): a map of field errors built on a
 * plain object once answered 500 for each of them. */
const OBJECT_KEYS = [
  'toString',
  'constructor',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/'));
const isWrite = (r: RouteEntry) => ['POST', 'PUT', 'PATCH'].includes(r.method);

/** Each request comes from its own address, so that rate limits never answer in place of the
 * checks under test. */
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.66.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** The arbitrary strings: any code point, control characters and lone surrogates inserted into
 * text, long runs of NUL; and, tried first for every field, a megabyte ending in a NUL. */
const MEGABYTE = `${'y'.repeat(999_990)}\u0000`;
const examples: [string][] = [[MEGABYTE]];
const BAD_CHARS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r', '\ud800', '\udfff'];
const inserted = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
const nasty = fc.oneof(
  { arbitrary: inserted, weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.constantFrom('\u0000'.repeat(5000), 'é'.repeat(3000)), weight: 1 },
);

/** A path segment: percent-encoded UTF-8, a lone surrogate as the bytes it would have had. */
function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    out +=
      ch.length === 1 && c >= 0xd800 && c <= 0xdfff
        ? [0xed, 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch);
  }
  return out;
}

/** The answer the rule gives for a value, or null when the rule lets it through. */
function expectedRefusal(value: string, rule: TextRule): string | null {
  return textProblem(rule.raw ? value : value.trim(), rule);
}

function expectClientError(res: LightMyRequestResponse, context: string): void {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect((res.json() as { error?: unknown }).error, context).toEqual(expect.any(String));
}

describe('every string a route reads is under the text rule', () => {
  it('every string field of every JSON body and path declares the rule', () => {
    const unruled = apiRoutes().flatMap((r) =>
      [...(r.body ? stringFields(r.body) : []), ...(r.params ? stringFields(r.params) : [])]
        .filter((f) => !f.rule)
        .map((f) => `${key(r)} ${f.path.join('.')}`),
    );
    expect(unruled).toEqual([]);
  });

  it('every write route without a JSON body is a listed multipart form or takes no body', () => {
    const unlisted = apiRoutes()
      .filter((r) => isWrite(r) && !r.body && !MULTIPART[key(r)] && !NO_BODY.has(key(r)))
      .map(key);
    expect(unlisted).toEqual([]);
    for (const form of Object.values(MULTIPART)) expect(stringFields(form.schema).every((f) => f.rule)).toBe(true);
  });
});

describe('arbitrary strings never make a 5xx', () => {
  const headers: Partial<Record<Access, Record<string, string>>> = {};

  beforeEach(async () => {
    for (const role of ['user', 'admin', 'super'] as const)
      headers[role] = bearer((await signedIn(t.app, role)).access);
    // one of each resource, so that the routes that name an id (1) find it
    for (const [route, form] of Object.entries(MULTIPART)) {
      if (!route.endsWith('/create/')) continue;
      const res = await sendMultipart(route, form.fields, form.files);
      expect(res.statusCode, res.body).toBe(201);
    }
    const faq = await send('POST /api/v1/faqs/create/', { question: 'Why?', answer: 'Because.' }, 'admin');
    expect(faq.statusCode).toBe(201);
  });

  const withId = (url: string, params: Record<string, string> = {}) =>
    url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1');
  const routeOf = (route: string) => {
    const [method, url] = route.split(' ') as [string, string];
    const entry = t.app.routeTable.find((r) => r.method === method && r.url === url);
    if (!entry) throw new Error(`no route ${route}`);
    return entry;
  };

  function send(
    route: string,
    payload: unknown,
    role?: Access,
    params?: Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ) {
    const entry = routeOf(route);
    return t.app.inject({
      method: entry.method as 'POST',
      url: withId(entry.url, params),
      payload: payload as object,
      headers: { ...(headers[role ?? entry.access] ?? {}), ...extraHeaders },
      remoteAddress: nextIp(),
    });
  }

  function sendMultipart(route: string, fields: Record<string, string>, files: Files = {}) {
    const entry = routeOf(route);
    const body = multipart(fields, files);
    return t.app.inject({
      method: entry.method as 'POST',
      url: withId(entry.url),
      payload: body.payload,
      headers: { ...body.headers, ...(headers[entry.access] ?? {}) },
      remoteAddress: nextIp(),
    });
  }

  it('in every string field of every JSON write route', async () => {
    const routes = apiRoutes().filter((r) => isWrite(r) && r.body);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const body = route.body as z.ZodType;
      const base = VALID_BODIES[key(route)] ?? sampleValue(body);
      for (const field of stringFields(body)) {
        const rule = field.rule as TextRule;
        const name = field.path.join('.');
        await fc.assert(
          fc.asyncProperty(nasty, async (value) => {
            const res = await send(key(route), setAt(base, field.path, value));
            const context = `${key(route)} ${name}`;
            expectClientError(res, context);
            const refusal = expectedRefusal(value, rule);
            if (refusal) {
              expect(res.statusCode, context).toBe(400);
              expect((res.json() as { errors?: Record<string, string[]> }).errors?.[name], context).toContain(refusal);
            }
          }),
          { numRuns: RUNS.json, seed: SEED, examples, endOnFailure: true },
        );
      }
    }
  });

  it('keys every JavaScript object has, in every JSON write route: a 4xx with field messages, never a 5xx', async () => {
    const routes = apiRoutes().filter((r) => isWrite(r) && r.body);
    let named = 0;
    for (const route of routes) {
      const base = (VALID_BODIES[key(route)] ?? sampleValue(route.body as z.ZodType)) as Record<string, unknown>;
      for (const name of OBJECT_KEYS) {
        // alone (every real field missing) and beside a body that passes the form's rules
        for (const [variant, body] of [
          ['alone', { [name]: 'x' }],
          ['beside a valid body', { ...base, [name]: 'x' }],
        ] as const) {
          const context = `${key(route)} "${name}" ${variant}`;
          const res = await send(key(route), JSON.stringify(body), undefined, undefined, {
            'content-type': 'application/json',
          });
          expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode !== 400) continue;
          const answer = res.json() as { error: unknown; errors?: Record<string, unknown> };
          expect(answer.error, context).toEqual(expect.any(String));
          const lists = Object.entries(answer.errors ?? {});
          expect(lists.length, context).toBeGreaterThan(0);
          for (const [field, messages] of lists) {
            expect(messages, `${context} errors.${field}`).toEqual(expect.arrayContaining([expect.any(String)]));
            expect((messages as unknown[]).every((m) => typeof m === 'string')).toBe(true);
          }
          if (Object.hasOwn(answer.errors ?? {}, name)) named += 1;
        }
      }
      // the JSON reader refuses a prototype's name before any route sees the body, and says so
      for (const body of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
        const res = await send(key(route), body, undefined, undefined, { 'content-type': 'application/json' });
        expect(res.statusCode, `${key(route)} ${body}`).toBe(400);
        expect(res.json(), key(route)).toEqual({ error: FAULT_MSG.notJson, code: 'BAD_REQUEST' });
      }
    }
    // most forms are strict: the key is refused as an unknown field by its own name
    expect(named).toBeGreaterThan(routes.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('in every path parameter and query string', async () => {
    const withParams = apiRoutes().filter((r) => r.params);
    expect(withParams.length).toBeGreaterThan(5);
    for (const route of withParams) {
      const names = Object.keys(sampleValue(route.params as z.ZodType) as object);
      for (const name of names) {
        await fc.assert(
          fc.asyncProperty(nasty, async (value) => {
            const segment = encodeSegment(value.slice(0, 300));
            const res = await send(key(route), undefined, undefined, { [name]: segment });
            expectClientError(res, `${key(route)} :${name}`);
          }),
          { numRuns: RUNS.params, seed: SEED, endOnFailure: true },
        );
      }
    }
    for (const route of apiRoutes().filter((r) => r.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(nasty, nasty, async (name, value) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `${withId(route.url)}?${encodeSegment(name.slice(0, 200))}=${encodeSegment(value.slice(0, 2000))}`,
            headers: headers[route.access] ?? {},
            remoteAddress: nextIp(),
          });
          expectClientError(res, `${key(route)} ?query`);
        }),
        { numRuns: RUNS.query, seed: SEED, endOnFailure: true },
      );
    }
  });

  it('in every text field of every multipart form', async () => {
    for (const [route, form] of Object.entries(MULTIPART)) {
      for (const field of stringFields(form.schema)) {
        const name = String(field.path[0]);
        const rule = field.rule as TextRule;
        await fc.assert(
          fc.asyncProperty(nasty, async (value) => {
            const res = await sendMultipart(route, { ...form.fields, [name]: value }, form.files);
            const context = `${route} ${name}`;
            expectClientError(res, context);
            // multipart text is UTF-8: a lone surrogate arrives as U+FFFD, which the rule allows
            const sent = Buffer.from(value).toString('utf8');
            if (expectedRefusal(sent, rule)) expect([400, 413], context).toContain(res.statusCode);
          }),
          { numRuns: RUNS.multipart, seed: SEED, examples, endOnFailure: true },
        );
      }
    }
  }, 90_000); // every field of every form times every hostile value: ~16 s alone, over 20 s beside other files on 2 cores
});
