import { describe, expect, it } from 'vitest';
import { ENTRANT_MSG, EntrantMessageInput, entrantRecipients } from './entrant-messages.ts';

describe('messages to entrants', () => {
  it('go to each racer and to whoever paid for their entry, each address once', () => {
    expect(
      entrantRecipients([
        { racerEmail: 'sarah@example.com', payerEmail: 'sarah@example.com' },
        // a child carrying the parent's address, in another case
        { racerEmail: ' Sarah@Example.com ', payerEmail: 'sarah@example.com' },
        // a child with their own address: the child and the parent who paid
        { racerEmail: 'emily@example.com', payerEmail: 'parent@example.com' },
        { racerEmail: '', payerEmail: 'parent@example.com' },
        { racerEmail: null, payerEmail: 'Parent@example.com' },
        // entered by an administrator: nobody paid
        { racerEmail: 'tom@example.com', payerEmail: null },
        { racerEmail: '', payerEmail: null },
      ]),
    ).toEqual(['sarah@example.com', 'emily@example.com', 'parent@example.com', 'tom@example.com']);
    expect(entrantRecipients([])).toEqual([]);
  });

  it('say how many people a message goes to', () => {
    expect(ENTRANT_MSG.recipients(1)).toBe('This will be sent to 1 person');
    expect(ENTRANT_MSG.recipients(3)).toBe('This will be sent to 3 people');
  });

  it('need a subject and a message, within their lengths, without control characters', () => {
    const issues = (input: unknown) =>
      EntrantMessageInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ subject: 'Start time moved', message: 'Now 10:30.\nSee you there.' })).toEqual([]);
    expect(issues({ subject: '  ', message: '' })).toEqual([
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
    ]);
    expect(issues({ message: 'x' })).toEqual([['subject', 'Subject is required']]);
    expect(issues({ subject: 'x'.repeat(150), message: 'x'.repeat(5000) })).toEqual([]);
    expect(issues({ subject: 'x'.repeat(151), message: 'x'.repeat(5001) })).toEqual([
      ['subject', 'Subject must be 150 characters or fewer'],
      ['message', 'Message must be 5000 characters or fewer'],
    ]);
    expect(issues({ subject: 'Line\nbreak', message: 'Bell\u0007' })).toEqual([
      ['subject', 'Subject contains characters that are not allowed'],
      ['message', 'Message contains characters that are not allowed'],
    ]);
    expect(issues({ subject: 'a', message: 'b', extra: 1 })).toHaveLength(1);
  });
});
