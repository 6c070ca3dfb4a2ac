import type { EmailName, EmailPropsByName } from './types.ts';

/** Sample data for each template: what scripts/write-emails.ts writes for review, and what the
 * template tests render. Several samples where a template has shapes worth seeing. */
export const SAMPLES: { [N in EmailName]: EmailPropsByName[N][] } = {
  receipt: [
    {
      firstName: 'Sarah',
      reference: 'pi_3QxSample',
      provider: 'stripe',
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      profileUrl: 'https://entries.example.org/profile?tab=calendar',
      races: [
        {
          name: 'Hemel Open Slalom',
          date: '2027-03-28',
          startTime: '09:30',
          venue: 'Hemel Hempstead Snow Centre',
          lines: [
            { participant: 'Emily Jones', amountPence: 2500, booked: true },
            { participant: 'Tom Jones', amountPence: 2500, booked: true },
          ],
        },
        {
          name: 'Welwyn Winter Race',
          date: '2027-11-06',
          startTime: null,
          venue: 'Gosling Ski Centre',
          lines: [{ participant: 'Emily Jones', amountPence: 2000, booked: true }],
        },
      ],
    },
    {
      firstName: 'Sarah',
      reference: 'free booking 41',
      provider: 'no payment',
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      profileUrl: 'https://entries.example.org/profile?tab=calendar',
      races: [
        {
          name: 'Schools Taster Day',
          date: '2027-02-13',
          startTime: '10:00',
          venue: 'Gosling Ski Centre',
          lines: [{ participant: 'Emily Jones', amountPence: 0, booked: true }],
        },
      ],
    },
    {
      firstName: 'Sarah',
      reference: '5O190127TN364715T',
      provider: 'paypal',
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      profileUrl: 'https://entries.example.org/profile?tab=calendar',
      races: [
        {
          name: 'Hemel Open Slalom',
          date: '2027-03-28',
          startTime: '09:30',
          venue: 'Hemel Hempstead Snow Centre',
          lines: [
            { participant: 'Emily Jones', amountPence: 2500, booked: true },
            { participant: 'Tom Jones', amountPence: 2500, booked: false },
          ],
        },
      ],
    },
  ],
  'places-lost': [
    {
      payerName: 'Sarah Jones',
      payerUsername: 'sarahjones',
      reference: '5O190127TN364715T',
      provider: 'paypal',
      races: [
        {
          name: 'Hemel Open Slalom',
          date: '2027-03-28',
          startTime: '09:30',
          venue: 'Hemel Hempstead Snow Centre',
          lines: [
            { participant: 'Emily Jones', amountPence: 2500, booked: true },
            { participant: 'Tom Jones', amountPence: 2500, booked: false },
          ],
        },
      ],
    },
  ],
  'password-reset': [{ firstName: 'Sarah', link: 'https://entries.example.org/reset-password/Mg/c3f-4a1b2c3d4e5f' }],
  'account-changed': [
    {
      firstName: 'Sarah',
      change: 'password_changed',
      when: 'Monday 7th December 2026, 14:35 UK time',
      siteUrl: 'https://entries.example.org',
    },
    {
      firstName: 'Alex',
      change: 'second_factor_on',
      when: 'Monday 7th December 2026, 14:35 UK time',
      siteUrl: 'https://entries.example.org',
    },
    {
      firstName: 'Alex',
      change: 'second_factor_off',
      when: 'Monday 7th December 2026, 14:35 UK time',
      siteUrl: 'https://entries.example.org',
    },
    {
      firstName: 'Alex',
      change: 'recovery_codes_made',
      when: 'Monday 7th December 2026, 14:35 UK time',
      siteUrl: 'https://entries.example.org',
    },
  ],
  'link-request-decided': [
    {
      firstName: 'Sarah',
      targetName: 'Emily Jones',
      approved: true,
      profileUrl: 'https://entries.example.org/profile?tab=linked',
    },
    {
      firstName: 'Sarah',
      targetName: 'Emily Jones',
      approved: false,
      profileUrl: 'https://entries.example.org/profile?tab=linked',
    },
  ],
  'racer-decided': [
    { name: 'Emily Jones', approved: true, racerId: 1042 },
    { name: 'Emily Jones', approved: false, racerId: null },
  ],
  refund: [
    {
      reason: 'line-removed',
      firstName: 'Sarah',
      reference: 'pi_3QxSample',
      provider: 'stripe',
      lines: [{ event: 'Hemel Open Slalom', participant: 'Tom Jones', amountPence: 2500 }],
      totalPence: 2500,
    },
    {
      reason: 'event-cancelled',
      firstName: 'Sarah',
      reference: 'pi_3QxSample',
      provider: 'stripe',
      lines: [
        { event: 'Welwyn Winter Race', participant: 'Emily Jones', amountPence: 2000 },
        { event: 'Welwyn Winter Race', participant: 'Tom Jones', amountPence: 2000 },
      ],
      totalPence: 4000,
    },
  ],
  'refund-association': [
    {
      payer: 'Sarah Jones',
      payerUsername: 'sarahjones',
      reference: 'pi_3QxSample',
      provider: 'stripe',
      lines: [{ event: 'Welwyn Winter Race', participant: 'Emily Jones', amountPence: 2000 }],
      totalPence: 2000,
    },
  ],
  'amount-mismatch': [
    {
      reference: 'pi_3QxSample',
      provider: 'stripe',
      payer: 'Sarah Jones',
      payerUsername: 'sarahjones',
      asked: '£25.00',
      paid: '£2.50',
    },
  ],
  contact: [
    {
      firstName: 'Alex',
      lastName: 'Smith',
      email: 'alex@example.org',
      message: 'Hello,\n\nIs there a training session before the Hemel race?\n\nThanks, Alex',
      promise: '24-48 hours',
    },
  ],
  'contact-acknowledgement': [{ firstName: 'Alex', promise: '24-48 hours' }],
  'health-alert': [
    {
      title: 'E-mail is failing',
      since: '2027-03-28 09:12 UTC',
      detail: '3 e-mails failed their last attempt: connect ECONNREFUSED',
      adminUrl: 'https://entries.example.org/admin',
    },
  ],
  'health-cleared': [{ title: 'E-mail is failing', raised: '2027-03-28 09:12 UTC', cleared: '2027-03-28 10:40 UTC' }],
  'entrant-message': [
    {
      eventName: 'Hemel Open Slalom',
      date: '2027-03-28',
      startTime: '09:30',
      venue: 'Hemel Hempstead Snow Centre',
      subject: 'Start time moved to 10:30',
      body: 'Hello all,\n\nThe slope needs grooming first, so the first run starts at 10:30 UK time.\nRegistration opens at 09:45.\n\nSee you there!',
      eventUrl: 'https://entries.example.org/events/hemel-open-slalom-2027',
    },
  ],
  'waiting-list-offer': [
    {
      firstName: 'Sarah',
      eventName: 'Hemel Open Slalom',
      date: '2027-03-28',
      startTime: '09:30',
      venue: 'Hemel Hempstead Snow Centre',
      members: ['Emily Jones', 'Tom Jones'],
      totalPence: 5000,
      endsAt: 'Thursday 25th March 2027, 14:00 UK time',
      offerUrl: 'https://entries.example.org/waiting-list/12',
    },
  ],
  'race-cancelled': [
    {
      firstName: 'Sarah',
      eventName: 'Hemel Open Slalom',
      date: '2027-03-28',
      startTime: '09:30',
      venue: 'Hemel Hempstead Snow Centre',
      entries: [
        { participant: 'Emily Jones', money: 'on-its-way', amountPence: 2000, provider: 'stripe' },
        { participant: 'Tom Jones', money: 'refunded', amountPence: 2000, provider: 'stripe' },
      ],
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      contactUrl: 'https://entries.example.org/contact',
    },
    {
      firstName: 'Tom',
      eventName: 'Welwyn Winter Race',
      date: '2027-11-06',
      startTime: null,
      venue: null,
      entries: [
        { participant: 'Tom Jones', money: 'by-association', amountPence: 3000, provider: 'paypal' },
        { participant: 'Amy Jones', money: 'free', amountPence: 0, provider: 'no payment' },
      ],
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      contactUrl: 'https://entries.example.org/contact',
    },
  ],
  'refund-news': [
    {
      kind: 'on-its-way',
      firstName: 'Sarah',
      reference: 'pi_3QxSample',
      provider: 'stripe',
      lines: [{ event: 'Hemel Open Slalom', participant: 'Emily Jones', amountPence: 1500, feePence: 500 }],
      totalPence: 1500,
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      contactUrl: 'https://entries.example.org/contact',
    },
    {
      kind: 'refused',
      firstName: 'Sarah',
      reference: 'demo_pay_12',
      provider: 'paypal',
      lines: [
        { event: 'Hemel Open Slalom', participant: 'Emily Jones', amountPence: 2500, feePence: 0 },
        { event: 'Welwyn Winter Race', participant: 'Tom Jones', amountPence: 2000, feePence: 0 },
      ],
      totalPence: 4500,
      myEntriesUrl: 'https://entries.example.org/profile?tab=entries',
      contactUrl: 'https://entries.example.org/contact',
    },
  ],
};
