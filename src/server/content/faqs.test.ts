import { describe, expect, it } from 'vitest';
import { json } from '../test/helper.ts';
import { expectAdminOnly, fieldErrors, tokens, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const createFaq = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/faqs/create/', headers, payload: payload as object });
const listFaqs = () => t.app.inject({ method: 'GET', url: '/api/v1/faqs/' });

describe('FAQs', () => {
  it('lists nothing at first, then every FAQ in the order added, without a token', async () => {
    expect(json(await listFaqs())).toEqual([]);
    const { admin } = await tokens(t.app);
    await createFaq(admin, { question: 'Who can race?', answer: 'Anyone aged four or over.' });
    await createFaq(admin, { question: 'Do I need a club?', answer: 'No.' });
    const res = await listFaqs();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([
      { id: 1, question: 'Who can race?', answer: 'Anyone aged four or over.' },
      { id: 2, question: 'Do I need a club?', answer: 'No.' },
    ]);
  });

  it('lets an administrator create (201, trimmed), update and delete (204)', async () => {
    const { admin } = await tokens(t.app);
    const created = await createFaq(admin, { question: '  How do I enter?  ', answer: ' Online. ' });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toEqual({ id: 1, question: 'How do I enter?', answer: 'Online.' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/faqs/update/1/',
      headers: admin,
      payload: { question: 'How do I enter a race?', answer: 'From the Booking page.' },
    });
    expect(updated.statusCode).toBe(200);
    expect(json(updated)).toEqual({ id: 1, question: 'How do I enter a race?', answer: 'From the Booking page.' });

    const partly = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/faqs/update/1/',
      headers: admin,
      payload: { answer: 'Book online.' },
    });
    expect(json(partly)).toEqual({ id: 1, question: 'How do I enter a race?', answer: 'Book online.' });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/faqs/delete/1/', headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(json(await listFaqs())).toEqual([]);
  });

  it('refuses a missing question or answer with the spec’s messages, and nothing is saved', async () => {
    const { admin } = await tokens(t.app);
    expect(fieldErrors(await createFaq(admin, { question: ' ', answer: '' }))).toEqual({
      question: ['Question is required'],
      answer: ['Answer is required'],
    });
    expect(fieldErrors(await createFaq(admin, {}))).toEqual({
      question: ['Question is required'],
      answer: ['Answer is required'],
    });
    expect(json(await listFaqs())).toEqual([]);
  });

  it('limits the question to 500 characters and the answer to 5000', async () => {
    const { admin } = await tokens(t.app);
    expect((await createFaq(admin, { question: 'q'.repeat(500), answer: 'a'.repeat(5000) })).statusCode).toBe(201);
    expect(fieldErrors(await createFaq(admin, { question: 'q'.repeat(501), answer: 'a'.repeat(5001) }))).toEqual({
      question: ['Question must be 500 characters or fewer'],
      answer: ['Answer must be 5000 characters or fewer'],
    });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/faqs/update/1/',
      headers: admin,
      payload: { question: '' },
    });
    expect(fieldErrors(update)).toEqual({ question: ['Question is required'] });
  });

  it('refuses unknown fields', async () => {
    const { admin } = await tokens(t.app);
    const res = await createFaq(admin, { question: 'Q?', answer: 'A.', order: 3 });
    expect(fieldErrors(res)).toEqual({ order: ['Unknown field: order'] });
  });

  it('answers 404 for an unknown FAQ', async () => {
    const { admin } = await tokens(t.app);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/faqs/update/99/',
      headers: admin,
      payload: { question: 'Q?', answer: 'A.' },
    });
    expect(update.statusCode).toBe(404);
    expect(json(update).error).toBe('FAQ not found.');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/faqs/delete/99/', headers: admin });
    expect(del.statusCode).toBe(404);
    expect(json(del).error).toBe('FAQ not found.');
  });

  it('answers 401 without a token and 403 to a user on every admin call', async () => {
    const { admin, user } = await tokens(t.app);
    await createFaq(admin, { question: 'Q?', answer: 'A.' });
    await expectAdminOnly(t.app, user, [
      { method: 'POST', url: '/api/v1/faqs/create/', payload: { question: 'Q?', answer: 'A.' } },
      { method: 'PUT', url: '/api/v1/faqs/update/1/', payload: { question: 'Q?', answer: 'A.' } },
      { method: 'DELETE', url: '/api/v1/faqs/delete/1/' },
    ]);
    expect(json(await listFaqs())).toEqual([{ id: 1, question: 'Q?', answer: 'A.' }]);
  });

  it('shows an edit on the very next read, though reads are cached', async () => {
    const { admin } = await tokens(t.app);
    await createFaq(admin, { question: 'What should I wear?', answer: 'A helmet.' });
    const first = await listFaqs();
    expect(json(first)).toEqual([{ id: 1, question: 'What should I wear?', answer: 'A helmet.' }]);
    const etag = String(first.headers.etag);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/faqs/', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/faqs/update/1/',
      headers: admin,
      payload: { answer: 'A helmet, gloves and long sleeves.' },
    });
    const after = await listFaqs();
    expect(json(after)).toEqual([
      { id: 1, question: 'What should I wear?', answer: 'A helmet, gloves and long sleeves.' },
    ]);
    expect(after.headers.etag).not.toBe(etag);

    await t.app.inject({ method: 'DELETE', url: '/api/v1/faqs/delete/1/', headers: admin });
    expect(json(await listFaqs())).toEqual([]);
  });
});
