import { describe, expect, it } from 'vitest';
import { json } from '../test/helper.ts';
import { expectAdminOnly, fieldErrors, tokens, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const read = () => t.app.inject({ method: 'GET', url: '/api/v1/governance/' });
const patch = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/governance/update/', headers, payload });

describe('governance', () => {
  it('answers 404 with the empty-state message while there is no paragraph', async () => {
    const res = await read();
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('No governance information available.');
  });

  it('saves the paragraph (trimmed) and shows it at once, then shows a change at once', async () => {
    const { admin } = await tokens(t.app);
    expect((await read()).statusCode).toBe(404);
    const res = await patch(admin, { paragraph: '  The committee is elected at the AGM.\n\nEvery club has a vote.  ' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ paragraph: 'The committee is elected at the AGM.\n\nEvery club has a vote.' });
    const shown = await read();
    expect(shown.statusCode).toBe(200);
    expect(json(shown)).toEqual({ paragraph: 'The committee is elected at the AGM.\n\nEvery club has a vote.' });

    await patch(admin, { paragraph: 'Minutes are available on request.' });
    expect(json(await read())).toEqual({ paragraph: 'Minutes are available on request.' });
  });

  it('needs a paragraph of at most 20000 characters', async () => {
    const { admin } = await tokens(t.app);
    expect(fieldErrors(await patch(admin, { paragraph: '   ' }))).toEqual({ paragraph: ['Paragraph is required'] });
    expect(fieldErrors(await patch(admin, {}))).toEqual({ paragraph: ['Paragraph is required'] });
    expect(fieldErrors(await patch(admin, { paragraph: 'p'.repeat(20_001) }))).toEqual({
      paragraph: ['Paragraph must be 20000 characters or fewer'],
    });
    expect((await patch(admin, { paragraph: 'p'.repeat(20_000) })).statusCode).toBe(200);
    expect(fieldErrors(await patch(admin, { paragraph: 'x', title: 'y' }))).toEqual({
      title: ['Unknown field: title'],
    });
  });

  it('answers 401 without a token and 403 to a user', async () => {
    const { user } = await tokens(t.app);
    await expectAdminOnly(t.app, user, [
      { method: 'PATCH', url: '/api/v1/governance/update/', payload: { paragraph: 'Taken over.' } },
    ]);
    expect((await read()).statusCode).toBe(404);
  });
});
