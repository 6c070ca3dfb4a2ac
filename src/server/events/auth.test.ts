import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json } from '../test/helper.ts';
import type { Product } from './shape.ts';
import {
  addDocument,
  createEvent,
  expectNothingWritten,
  IMAGE_AND_LOGO,
  NOW,
  raceFields,
  sendForm,
  useEventsApp,
} from './test-support.ts';

const t = useEventsApp();
let race: Product;
let documentId: number;

beforeEach(async () => {
  t.clock.set(NOW);
  const { access } = await signedIn(t.app, 'admin');
  race = await createEvent(t.app, access);
  documentId = (await addDocument(t.app, access, race.id)).id;
});

/** Every admin call, sent with the given token (or none). */
const ADMIN_CALLS: [string, (access: string | null) => Promise<LightMyRequestResponse>][] = [
  ['create', (access) => sendForm(t.app, 'POST', '/api/v1/products/create/', access, raceFields(), IMAGE_AND_LOGO)],
  [
    'update',
    (access) =>
      sendForm(t.app, 'PUT', `/api/v1/products/${race.id}/update/`, access, raceFields({ name: 'Hacked' }), {
        image: { filename: 'x.jpg', bytes: SAMPLE.jpg },
      }),
  ],
  [
    'cancel',
    (access) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${race.id}/cancel/`,
        headers: access ? bearer(access) : {},
      }),
  ],
  [
    'add-document',
    (access) =>
      sendForm(
        t.app,
        'POST',
        `/api/v1/products/${race.id}/add-document/`,
        access,
        { name: 'X' },
        {
          document: { filename: 'x.pdf', bytes: SAMPLE.pdf },
        },
      ),
  ],
  [
    'delete-document',
    (access) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/documents/${documentId}/`,
        headers: access ? bearer(access) : {},
      }),
  ],
];

async function unchanged() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/' });
  const [product] = res.json() as Product[];
  expect(product).toMatchObject({ name: 'Club Race', is_cancelled: false, image: race.image });
  expect(product?.documents.map((d) => d.id)).toEqual([documentId]);
}

describe('admin calls', () => {
  for (const [name, call] of ADMIN_CALLS) {
    it(`${name}: 401 without a token, writing nothing`, async () => {
      const res = await expectNothingWritten(t.app, () => call(null));
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: 'Authentication credentials were not provided.', code: 'UNAUTHENTICATED' });
      await unchanged();
    });

    it(`${name}: 401 with an invalid token`, async () => {
      const res = await expectNothingWritten(t.app, () => call('not-a-token'));
      expect(res.statusCode).toBe(401);
    });

    it(`${name}: 403 for a signed-in user who is not an admin, writing nothing`, async () => {
      const { access } = await signedIn(t.app, 'user');
      const res = await expectNothingWritten(t.app, () => call(access));
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ error: 'You do not have permission to perform this action.', code: 'FORBIDDEN' });
      await unchanged();
    });

    it(`${name}: allowed for a super administrator`, async () => {
      const { access } = await signedIn(t.app, 'super');
      const res = await call(access);
      expect(res.statusCode).toBeLessThan(300);
    });
  }
});

describe('public reads need no token', () => {
  it('GET /products/, /products/{slug}/ and /latest-products/', async () => {
    for (const url of ['/api/v1/products/', '/api/v1/products/club-race-2026/', '/api/v1/latest-products/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
