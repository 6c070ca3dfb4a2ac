import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAFEGUARDING_POLICY_NAME } from '../../domain/content/index.ts';
import { seedContent, simplePdf } from '../seed/seed-content.ts';
import { json } from '../test/helper.ts';
import { filesStored, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const get = async <T>(url: string) => json<T>(await t.app.inject({ method: 'GET', url }));
/** Files the site serves (the originals of pictures are kept beside them, unserved). */
const servedFiles = async () => (await filesStored(t.app)).filter((name) => !name.includes('.original.'));

/** A stored picture's type, size and a hash of its bytes. */
async function picture(url: string | null) {
  const file = await t.app.inject({ method: 'GET', url: String(url) });
  expect(file.statusCode, String(url)).toBe(200);
  return {
    type: file.headers['content-type'],
    size: file.rawPayload.length,
    sha: createHash('sha256').update(file.rawPayload).digest('hex'),
  };
}

interface Club {
  race_club_name: string;
  slope_name: string;
  locality: string;
  postcode: string;
  slope_image: string | null;
  slope_map: string | null;
}

describe('the demo content seed', () => {
  it('adds the seven clubs, four team members, seven FAQs, governance and two PDFs, once', async () => {
    expect(await seedContent(t.app.ctx)).toEqual({
      summary: 'demo content seeded: 7 clubs, 4 team members, 7 FAQs, 2 documents',
    });
    const clubs = await get<Club[]>('/api/v1/slope-info/');
    expect(clubs.map((c) => c.race_club_name)).toEqual([
      'Brentwood Ski Race Club',
      'Essex Ski Racing Club',
      'Hemel Ski Race Club',
      'MK Ski Race Team',
      'Norfolk Snowsports Club Race Team',
      'Vikings Ski Race Team',
      'Welwyn Garden City Ski Race Club',
    ]);
    expect(clubs.every((c) => c.slope_name && c.locality && c.postcode)).toBe(true);
    expect(
      (await get<{ first_name: string; last_name: string; position: string }[]>('/api/v1/team-members/')).map(
        (m) => `${m.first_name} ${m.last_name}, ${m.position}`,
      ),
    ).toEqual([
      'Helen Marsh, Chair',
      'Fiona Gallagher, Treasurer',
      'David Okafor, Race Secretary',
      'Priya Shah, Welfare and Safeguarding Officer',
    ]);
    const faqList = await get<{ question: string; answer: string }[]>('/api/v1/faqs/');
    expect(faqList).toHaveLength(7);
    // the schools answer quotes the fees the Schools page states (doc 1 §9)
    expect(faqList.find((f) => f.question === 'Can my school enter a team?')?.answer).toMatch(/£70.*£21/);
    const governance = (await get<{ paragraph: string }>('/api/v1/governance/')).paragraph;
    expect(governance).toContain(t.app.ctx.config.association.name);
    expect(governance).toContain('Annual General Meeting is held each autumn');

    const docs = await get<{ name: string; document: string }[]>('/api/v1/organization-documents/');
    expect(docs.map((d) => d.name)).toEqual(['Code of Conduct', SAFEGUARDING_POLICY_NAME]);
    for (const doc of docs) {
      const file = await t.app.inject({ method: 'GET', url: doc.document });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // 7 pictures, 7 maps, 4 portraits and 2 documents
    expect(await servedFiles()).toHaveLength(20);

    expect(await seedContent(t.app.ctx)).toBeNull();
    expect(await get<unknown[]>('/api/v1/slope-info/')).toHaveLength(7);
    expect(await servedFiles()).toHaveLength(20);
  });

  it('gives every club its own picture and map, and every team member a portrait of their own', async () => {
    await seedContent(t.app.ctx);
    const clubs = await get<Club[]>('/api/v1/slope-info/');
    const images = await Promise.all(clubs.map((c) => picture(c.slope_image)));
    const maps = await Promise.all(clubs.map((c) => picture(c.slope_map)));
    for (const file of [...images, ...maps]) {
      expect(file.type).toBe('image/jpeg');
      expect(file.size).toBeLessThan(80_000);
    }
    expect(new Set(images.map((f) => f.sha)).size).toBe(7);
    expect(new Set(maps.map((f) => f.sha)).size).toBe(7);

    const team = await get<{ photo: string | null }[]>('/api/v1/team-members/');
    const photos = await Promise.all(team.map((m) => picture(m.photo)));
    for (const file of photos) expect(file.type).toBe('image/png');
    expect(new Set(photos.map((f) => f.sha)).size).toBe(team.length);
  });

  it('writes a PDF whose cross-reference table points at each object', () => {
    const bytes = simplePdf('Title (draft)', ['A line with a \\ backslash']);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
    expect(text).toContain('(Title \\(draft\\)) Tj');
  });
});
