import { describe, expect, it } from 'vitest';
import { deletedRacerName, exportLines, retentionEndsOn } from './data-rights.ts';

describe('how long orders are kept after an account is deleted', () => {
  it('six years after the end of the financial year (31 March) the order was made in', () => {
    expect(retentionEndsOn('2027-03-31')).toBe('2033-04-01');
    expect(retentionEndsOn('2027-04-01')).toBe('2034-04-01');
    expect(retentionEndsOn('2027-01-01')).toBe('2033-04-01');
    expect(retentionEndsOn('2026-12-31')).toBe('2033-04-01');
    expect(retentionEndsOn('2028-02-29')).toBe('2034-04-01');
  });
});

describe('the export as CSV lines', () => {
  it('gives one line per value, numbering rows within their section, nested values as JSON', () => {
    const lines = exportLines({
      generated_at: '2027-01-01T00:00:00.000Z',
      account: { id: 1, username: 'sarahjones' },
      sections: {
        users: [{ id: 1, username: 'sarahjones', deleted_at: null }],
        mail_outbox: [
          { id: 5, data: { name: 'Sarah' } },
          { id: 6, data: null },
        ],
      },
    });
    expect(lines).toEqual([
      ['users', 1, 'id', '1'],
      ['users', 1, 'username', 'sarahjones'],
      ['users', 1, 'deleted_at', null],
      ['mail_outbox', 1, 'id', '5'],
      ['mail_outbox', 1, 'data', '{"name":"Sarah"}'],
      ['mail_outbox', 2, 'id', '6'],
      ['mail_outbox', 2, 'data', null],
    ]);
  });

  it('names a deleted racer by the order of deletion', () => {
    expect(deletedRacerName(3)).toBe('Deleted racer #3');
  });
});
