import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';
import { firstRefusedString } from './input-guard.ts';

/** A route whose schema forgets the text rule still never receives a NUL or a megabyte string. */
let app: App;

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: await openTestDatabase() });
  app.post(
    '/api/v1/careless/',
    { config: { access: 'public' }, schema: { body: z.object({ notes: z.array(z.string()) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

const send = (notes: string[], url = '/api/v1/careless/') => app.inject({ method: 'POST', url, payload: { notes } });

describe('the input safety net', () => {
  it('refuses a NUL, a control character, a lone surrogate or a megabyte anywhere in the body', async () => {
    for (const bad of ['a\u0000b', 'bell\u0007', 'x\ud800', 'z'.repeat(1_000_001)]) {
      const res = await send(['fine', bad]);
      expect(res.statusCode, JSON.stringify(bad.slice(0, 10))).toBe(400);
      expect(res.json()).toEqual({
        error: 'The request contains characters that are not allowed.',
        code: 'VALIDATION',
        errors: { 'notes.1': ['The request contains characters that are not allowed.'] },
      });
    }
  });

  it('lets ordinary text through, tabs and new lines included', async () => {
    expect((await send(['Line one\nline two\tand a tab', 'é ü ß 🎿'])).statusCode).toBe(200);
  });

  it('looks in the query string too', async () => {
    const res = await send(['fine'], '/api/v1/careless/?q=%00');
    expect(res.statusCode).toBe(400);
  });

  it('names the field where it found the string', () => {
    expect(firstRefusedString({ a: { b: ['ok', 'no\u0000'] } })).toEqual(['a', 'b', '1']);
    expect(firstRefusedString({ 'bad\u0000key': 'x' })).toEqual(['(a field name)']);
    expect(firstRefusedString({ a: 'ok', n: 5, t: true, z: null })).toBeNull();
  });
});
