import { describe, expect, it } from 'vitest';
import { SAFEGUARDING_POLICY_NAME } from '../../domain/content/index.ts';
import { seedContent, simplePdf } from '../db/seed-content.ts';
import { json } from '../test/helper.ts';
import { filesOnDisk, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const get = async <T>(url: string) => json<T>(await t.app.inject({ method: 'GET', url }));

describe('the demo content seed', () => {
  it('adds the seven clubs, three team members, six FAQs, governance and two PDFs, once', async () => {
    expect(await seedContent(t.app.ctx)).toEqual({
      summary: 'demo content seeded: 7 clubs, 3 team members, 6 FAQs, 2 documents',
    });
    const clubs = await get<{ race_club_name: string; slope_name: string; postcode: string }[]>('/api/v1/slope-info/');
    expect(clubs.map((c) => c.race_club_name)).toEqual([
      'Brentwood Ski Race Club',
      'Essex Ski Racing Club',
      'Hemel Ski Race Club',
      'MK Ski Race Team',
      'Norfolk Snowsports Club Race Team',
      'Vikings Ski Race Team',
      'Welwyn Garden City Ski Race Club',
    ]);
    expect(clubs.every((c) => c.slope_name && c.postcode)).toBe(true);
    expect(await get<unknown[]>('/api/v1/team-members/')).toHaveLength(3);
    expect(await get<unknown[]>('/api/v1/faqs/')).toHaveLength(6);
    expect((await get<{ paragraph: string }>('/api/v1/governance/')).paragraph).toContain(
      t.app.ctx.config.association.name,
    );

    const docs = await get<{ name: string; document: string }[]>('/api/v1/organization-documents/');
    expect(docs.map((d) => d.name)).toEqual(['Code of Conduct', SAFEGUARDING_POLICY_NAME]);
    for (const doc of docs) {
      const file = await t.app.inject({ method: 'GET', url: doc.document });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(await filesOnDisk(t.app)).toHaveLength(2);

    expect(await seedContent(t.app.ctx)).toBeNull();
    expect(await get<unknown[]>('/api/v1/slope-info/')).toHaveLength(7);
    expect(await filesOnDisk(t.app)).toHaveLength(2);
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
