import { describe, expect, it } from 'vitest';
import { defaultContentBlocks } from '../../domain/content/index.ts';
import { json } from '../test/helper.ts';
import { expectAdminOnly, fieldErrors, tokens, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const read = () => t.app.inject({ method: 'GET', url: '/api/v1/content/' });
const put = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/content/update/', headers, payload });
const defaults = () => defaultContentBlocks(t.app.ctx.config.association);

describe('the editable text blocks', () => {
  it('serve the defaults until edited, including the schools fees', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(Object.keys(body)).toEqual([
      'home_intro',
      'about_mission',
      'about_start_racing',
      'testimonials',
      'schools_rules',
      'safeguarding',
    ]);
    expect(body.schools_rules).toContain('£70');
    expect(body.schools_rules).toContain('£21');
    expect(body.schools_rules).toContain('3 or 4 racers');
    expect(body.schools_rules).toContain("at the organisers' discretion");
    expect(body.home_intro).toContain(t.app.ctx.config.association.name);
    expect(body).toEqual(defaults());
  });

  it('change only the blocks sent, show the change at once, and put a block back to default', async () => {
    const { admin } = await tokens(t.app);
    expect(json(await read()).home_intro).toBe(defaults().home_intro);
    const res = await put(admin, {
      home_intro: '  Racing for everyone.  ',
      testimonials: [{ quote: 'Brilliant day out.', author: 'A parent' }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      ...defaults(),
      home_intro: 'Racing for everyone.',
      testimonials: [{ quote: 'Brilliant day out.', author: 'A parent' }],
    });
    expect(json(await read())).toEqual(json(res));

    await put(admin, { safeguarding: 'Speak to the welfare officer.' });
    const both = json(await read());
    expect(both.home_intro).toBe('Racing for everyone.');
    expect(both.safeguarding).toBe('Speak to the welfare officer.');

    const reset = json(await put(admin, { home_intro: '', testimonials: null }));
    expect(reset.home_intro).toBe(defaults().home_intro);
    expect(reset.testimonials).toEqual(defaults().testimonials);
    expect(reset.safeguarding).toBe('Speak to the welfare officer.');

    expect(json(await put(admin, { testimonials: [] })).testimonials).toEqual([]);
  });

  it('refuse unknown blocks, over-long text, too many testimonials and empty ones', async () => {
    const { admin } = await tokens(t.app);
    expect(fieldErrors(await put(admin, { footer: 'x' }))).toEqual({ footer: ['Unknown field: footer'] });
    expect(fieldErrors(await put(admin, { about_mission: 'm'.repeat(20_001) }))).toEqual({
      about_mission: ['About mission must be 20000 characters or fewer'],
    });
    const one = { quote: 'Great.', author: 'Sam' };
    expect(fieldErrors(await put(admin, { testimonials: Array(21).fill(one) }))).toEqual({
      testimonials: ['No more than 20 testimonials are allowed'],
    });
    expect(fieldErrors(await put(admin, { testimonials: [one, { quote: '', author: ' ' }] }))).toEqual({
      'testimonials.1.quote': ['Quote is required'],
      'testimonials.1.author': ['Author is required'],
    });
    expect(json(await read())).toEqual(defaults());
  });

  it('answer 401 without a token and 403 to a user', async () => {
    const { user } = await tokens(t.app);
    await expectAdminOnly(t.app, user, [
      { method: 'PUT', url: '/api/v1/content/update/', payload: { home_intro: 'x' } },
    ]);
    expect(json(await read())).toEqual(defaults());
  });
});
