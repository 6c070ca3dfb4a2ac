import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { EMAIL_NAMES, renderEmail, SAMPLES } from '../../emails/index.tsx';
import type { EmailName, EmailSite, ReceiptProps } from '../../emails/types.ts';
import { mailOutbox } from '../db/schema.ts';
import { sendReceipt } from '../payments/receipt.ts';
import { raceEventRow } from '../people/booked-test-support.ts';
import { createUser } from '../test/fixtures.ts';
import { useTestApp } from '../test/helper.ts';
import { queueMail } from './outbox.ts';

const SITE: EmailSite = {
  name: 'Eastern Region Snowsports Association',
  code: 'ERSA',
  email: 'info@ersa.example',
  publicUrl: 'https://entries.example.org',
  colours: { primary: '#0b3d2e', accent: '#f5c542' },
};

const race = (
  name: string,
  lines: [string, number, boolean][],
  date = '2027-03-27',
  startTime: string | null = '09:30',
) => ({
  name,
  date,
  startTime,
  venue: 'Hemel Hempstead Snow Centre',
  lines: lines.map(([participant, amountPence, booked]) => ({ participant, amountPence, booked })),
});
const receipt = (races: ReceiptProps['races'], provider = 'stripe'): ReceiptProps => ({
  firstName: 'Sarah',
  reference: 'pi_123',
  provider,
  races,
  myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
  profileUrl: 'https://entries.example.org/profile',
});

describe('the e-mail templates', () => {
  it('render every template with its samples: HTML in the layout and a plain-text part', async () => {
    for (const name of EMAIL_NAMES) {
      const samples = SAMPLES[name] as Parameters<typeof renderEmail<EmailName>>[2][];
      expect(samples.length, name).toBeGreaterThan(0);
      for (const props of samples) {
        const mail = await renderEmail(name, SITE, props);
        expect(mail.subject, name).toMatch(/^ERSA[: ]/);
        expect(mail.html, name).toContain('<html dir="ltr" lang="en">');
        expect(mail.html, name).toContain(`<title>${mail.subject.replace(/'/g, '&#x27;')}</title>`);
        // the association's name on its primary colour, the accent under it, its e-mail in the footer
        expect(mail.html, name).toContain('background-color:#0b3d2e');
        expect(mail.html, name).toContain('border-bottom:4px solid #f5c542');
        expect(mail.html, name).toContain('href="mailto:info@ersa.example"');
        expect(mail.text, name).toContain('Eastern Region Snowsports Association (ERSA) · info@ersa.example');
        expect(mail.text, name).not.toMatch(/undefined|\[object|NaN/);
        expect(mail.html, name).not.toMatch(/undefined|\[object|NaN/);
      }
    }
  });

  it('receipt: each race with its day, start time in UK time and venue, each participant and amount, the total', async () => {
    const mail = await renderEmail(
      'receipt',
      SITE,
      receipt([
        race('Hemel Open Slalom', [
          ['Emily Jones', 2500, true],
          ['Tom Jones', 2500, true],
        ]),
        race('Welwyn Winter Race', [['Emily Jones', 2000, true]], '2027-11-06', null),
      ]),
    );
    expect(mail.subject).toBe('ERSA: your entries for 2 races are confirmed');
    expect(mail.text).toContain(
      'Hemel Open Slalom\n\nSaturday 27th March 2027, 09:30 UK time · Hemel Hempstead Snow Centre\n\nEmily Jones: £25.00\n\nTom Jones: £25.00',
    );
    // no start time: the day alone
    expect(mail.text).toContain(
      'Welwyn Winter Race\n\nSaturday 6th November 2027 · Hemel Hempstead Snow Centre\n\nEmily Jones: £20.00',
    );
    expect(mail.text).toContain('Total paid: £70.00');
    expect(mail.text).not.toContain('Refunded');
    expect(mail.text).toContain('Payment: card (Stripe), reference pi_123');
    expect(mail.text).toContain('See My Entries https://entries.example.org/profile?tab=entries');
    expect(mail.html).toContain('href="https://entries.example.org/profile?tab=entries"');
    // under the races, a line to My Profile's calendar link (never a feed's token in an e-mail)
    expect(mail.text).toContain(
      "Emily Jones: £20.00\n\nAdd your family's races to your calendar: https://entries.example.org/profile\n\n",
    );
    expect(mail.html).toContain('href="https://entries.example.org/profile"');
    expect(mail.text).not.toContain('/calendar/');
  });

  it('receipt: the start time is the London wall clock on both sides of the clocks going forward', async () => {
    const before = await renderEmail(
      'receipt',
      SITE,
      receipt([race('Early Race', [['Emily Jones', 2500, true]], '2027-03-27', '09:30')]),
    );
    const after = await renderEmail(
      'receipt',
      SITE,
      receipt([race('Early Race', [['Emily Jones', 2500, true]], '2027-03-28', '09:30')]),
    );
    expect(before.text).toContain('Saturday 27th March 2027, 09:30 UK time');
    expect(after.text).toContain('Sunday 28th March 2027, 09:30 UK time');
  });

  it('receipt: the subject names the association and the race, by how many places and races', async () => {
    const subject = async (races: ReceiptProps['races']) =>
      (await renderEmail('receipt', SITE, receipt(races))).subject;
    expect(await subject([race('Hemel Open Slalom', [['Emily Jones', 2500, true]])])).toBe(
      'ERSA: your entry for Hemel Open Slalom is confirmed',
    );
    expect(
      await subject([
        race('Hemel Open Slalom', [
          ['Emily Jones', 2500, true],
          ['Tom Jones', 2500, true],
        ]),
      ]),
    ).toBe('ERSA: your entries for Hemel Open Slalom are confirmed');
    expect(
      await subject([
        race('Hemel Open Slalom', [
          ['Emily Jones', 2500, true],
          ['Tom Jones', 2500, false],
        ]),
      ]),
    ).toBe('ERSA: your entry for Hemel Open Slalom is confirmed; 1 place was refunded');
    expect(await subject([race('Hemel Open Slalom', [['Tom Jones', 2500, false]])])).toBe(
      'ERSA: your payment is refunded: the places could not be booked',
    );
  });

  it('receipt: places lost are listed apart with what was refunded; a free booking says so', async () => {
    const lost = await renderEmail(
      'receipt',
      SITE,
      receipt(
        [
          race('Hemel Open Slalom', [
            ['Emily Jones', 2500, true],
            ['Tom Jones', 2500, false],
          ]),
        ],
        'paypal',
      ),
    );
    expect(lost.text).toMatch(/so the amount is refunded to you:\n+Hemel Open Slalom\n[\s\S]*Tom Jones: £25\.00/);
    expect(lost.text).toContain('Total paid: £50.00\n\nRefunded: £25.00\n\nPayment: PayPal, reference pi_123');
    const free = await renderEmail(
      'receipt',
      SITE,
      receipt([race('Taster Day', [['Emily Jones', 0, true]])], 'no payment'),
    );
    expect(free.text).toContain('Emily Jones: FREE');
    expect(free.text).toContain('Total paid: £0.00');
    expect(free.text).toContain('Payment: free entry (no payment), reference pi_123');
  });

  it('escapes what people wrote: a message cannot add markup', async () => {
    const mail = await renderEmail('entrant-message', SITE, {
      eventName: 'Hemel <b>Open</b>',
      date: null,
      startTime: null,
      venue: null,
      subject: 'Venue <script>alert(1)</script>',
      body: 'First line\nsecond line\n\n<img src=x onerror=alert(1)>',
      eventUrl: null,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('First line\nsecond line');
  });
});

describe('the receipt as the mail job sends it', () => {
  const t = useTestApp();

  it('reads each race now, and attaches one calendar entry per race booked, in London time', async () => {
    const user = await createUser(t.app, { email: 'payer@example.com' });
    const spring = await raceEventRow(t.app, {
      name: 'Spring Slalom',
      slug: 'spring-slalom-2027',
      date: '2027-03-28',
      startTime: '09:30',
      slopeName: 'Hemel Hempstead Snow Centre',
    });
    const winter = await raceEventRow(t.app, {
      name: 'Winter Race',
      slug: 'winter-race-2027',
      date: '2027-01-16',
      startTime: '09:30',
      slopeName: 'Gosling Ski Centre',
    });
    const full = await raceEventRow(t.app, { name: 'Full Race', slug: 'full-race-2027', date: '2027-02-20' });
    await sendReceipt(t.app.ctx, t.app.log, {
      userId: user.id,
      paymentId: 41,
      reference: 'pi_41',
      provider: 'stripe',
      lines: [
        { eventId: spring, event: 'Spring Slalom', participant: 'Emily Jones', amountPence: 2500, booked: true },
        { eventId: winter, event: 'Winter Race', participant: 'Emily Jones', amountPence: 2000, booked: true },
        { eventId: full, event: 'Full Race', participant: 'Emily Jones', amountPence: 2000, booked: false },
      ],
    });
    await t.flushMail();
    const mail = t.outbox.messages.find((m) => m.to === 'payer@example.com');
    expect(mail?.subject).toBe('ERSA: your entries for 2 races are confirmed; 1 place was refunded');
    expect(mail?.text).toContain('Sunday 28th March 2027, 09:30 UK time · Hemel Hempstead Snow Centre');
    expect(mail?.text).toContain('Saturday 16th January 2027, 09:30 UK time · Gosling Ski Centre');
    expect(mail?.text).toContain('Total paid: £65.00\n\nRefunded: £20.00');
    expect(mail?.text).toContain(
      "Add your family's races to your calendar: http://localhost:3000/profile?tab=calendar\n",
    );
    // the race lost has no calendar entry
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      ['spring-slalom-2027.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
      ['winter-race-2027.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
    ]);
    const starts = (mail?.attachments ?? []).map((a) => {
      const calendar = new ICAL.Component(ICAL.parse(a.content));
      ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone') as ICAL.Component);
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
      return [event.summary, event.location, event.uid, event.startDate.toJSDate().toISOString()];
    });
    // 09:30 in London: 08:30 UTC in summer time (from 28 March 2027), 09:30 UTC in winter
    expect(starts).toEqual([
      ['Spring Slalom', 'Hemel Hempstead Snow Centre', `event-${spring}@localhost`, '2027-03-28T08:30:00.000Z'],
      ['Winter Race', 'Gosling Ski Centre', `event-${winter}@localhost`, '2027-01-16T09:30:00.000Z'],
    ]);
  });

  it('still sends a receipt queued before events were kept on its lines (the old data shape)', async () => {
    const user = await createUser(t.app, { email: 'old@example.com' });
    await queueMail(t.app.ctx.db, {
      template: 'receipt',
      to: 'old@example.com',
      data: {
        receipt: {
          userId: user.id,
          paymentId: 9,
          reference: 'pi_9',
          provider: 'stripe',
          lines: [{ event: 'Old Race', participant: 'Tom Jones', amountPence: 2500, booked: true }],
        },
      },
    });
    expect(await t.flushMail()).toEqual({ sent: 1, failed: 0, dropped: 0 });
    const mail = t.outbox.last();
    expect(mail?.subject).toBe('ERSA: your entry for Old Race is confirmed');
    expect(mail?.text).toContain('Old Race\n\nTom Jones: £25.00');
    expect(mail?.text).not.toContain('UK time');
    expect(mail?.attachments).toBeUndefined();
    const [row] = await t.app.ctx.db.select().from(mailOutbox);
    expect(row?.status).toBe('sent');
  });
});
