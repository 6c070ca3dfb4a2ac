import { z } from 'zod';
import { type TextRule, textField } from '../text.ts';

/**
 * Messages to a race's entrants (issue 26: Booked Participants → Message entrants): a subject and a
 * message, e-mailed once to each address among the entrants, recorded with who sent it and when.
 */
export const ENTRANT_SUBJECT_MAX = 150;
export const ENTRANT_BODY_MAX = 5000;

export const ENTRANT_MSG = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  nobody: 'Nobody is booked on this event, so there is nobody to message.',
  recipients: (n: number) => `This will be sent to ${n} ${n === 1 ? 'person' : 'people'}`,
  sent: (n: number) => `Message sent to ${n} ${n === 1 ? 'person' : 'people'}.`,
} as const;

export const ENTRANT_TEXT: { subject: TextRule; body: TextRule } = {
  subject: { label: 'Subject', max: ENTRANT_SUBJECT_MAX, required: ENTRANT_MSG.subjectRequired },
  body: { label: 'Message', max: ENTRANT_BODY_MAX, multiline: true, required: ENTRANT_MSG.bodyRequired },
};

/** The form as the server reads it: trimmed, both required, within their lengths, no control
 * characters (a message may have line breaks). */
export const EntrantMessageInput = z.strictObject({
  subject: textField(ENTRANT_TEXT.subject).refine((v) => v !== '', ENTRANT_MSG.subjectRequired),
  message: textField(ENTRANT_TEXT.body).refine((v) => v !== '', ENTRANT_MSG.bodyRequired),
});
export type EntrantMessageInput = z.infer<typeof EntrantMessageInput>;

/** One entry as the recipients are chosen from it: the racer's e-mail, and the e-mail of whoever
 * paid for the entry (a parent paying for a child; null for an entry an administrator added). */
export interface EntrantAddress {
  racerEmail: string | null;
  payerEmail: string | null;
}

/**
 * The addresses a message goes to: each racer's own e-mail and the e-mail of whoever paid for
 * their entry, each address once, whatever its case or spaces (a family's children often carry
 * their parent's address), in the order first met.
 */
export function entrantRecipients(rows: EntrantAddress[]): string[] {
  const seen = new Map<string, string>();
  for (const row of rows) {
    for (const address of [row.racerEmail?.trim(), row.payerEmail?.trim()]) {
      if (!address) continue;
      const key = address.toLowerCase();
      if (!seen.has(key)) seen.set(key, address);
    }
  }
  return [...seen.values()];
}
