import type { APIRequestContext } from '@playwright/test';
import { expect, mailbox } from './fixtures.ts';
import type { ReceivedMail } from './mailbox-server.ts';

/** Reading what the test SMTP server received: a MIME part's text, a mail by its subject. */

/** The decoded body of the MIME part with this content type. */
export function part(mail: ReceivedMail, type: 'text/html' | 'text/plain'): string {
  const raw = mail.raw;
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1] ?? '');
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`)) {
      const [head = '', ...rest] = chunk.split(/\r?\n\r?\n/);
      if (!new RegExp(`Content-Type: ${type}`, 'i').test(head)) continue;
      const body = rest.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    }
  }
  return '';
}

/** The subject, its folded lines joined (a long subject is written over several header lines). */
const subjectOf = (mail: ReceivedMail) =>
  /^Subject: (.*)$/m.exec(mailbox.text(mail).replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

export async function waitForMail(request: APIRequestContext, subject: string | RegExp): Promise<ReceivedMail> {
  const matches = (m: ReceivedMail) =>
    typeof subject === 'string' ? subjectOf(m) === subject : subject.test(subjectOf(m));
  await expect.poll(async () => (await mailbox.messages(request)).some(matches), { timeout: 30_000 }).toBe(true);
  return (await mailbox.messages(request)).find(matches) as ReceivedMail;
}
