import type { AccountChange } from '../domain/accounts/account-changes.ts';

/**
 * What each e-mail template takes (src/emails, issue 26). The server gathers these from the
 * database at send time (mail/templates.ts) and renders them through the built templates
 * (dist/web-ssr/emails.js; mail/render.ts loads them). Type-only: the server imports this file's
 * types, never its code.
 */

/** The association as every e-mail shows it: name, code, colours, footer address. */
export interface EmailSite {
  name: string;
  code: string;
  email: string;
  publicUrl: string;
  colours: { primary: string; accent: string };
}

export interface RaceLine {
  participant: string;
  amountPence: number;
  /** False: the place was lost (event full or cancelled, removed from the cart) and refunded. */
  booked: boolean;
}

/** A race on a receipt: its day and start time in London (UK time), its venue, its lines. The
 * day, time and venue are null for a receipt queued before they were kept (its event gone). */
export interface ReceiptRace {
  name: string;
  date: string | null;
  startTime: string | null;
  venue: string | null;
  lines: RaceLine[];
}

export interface ReceiptProps {
  firstName: string;
  reference: string;
  /** 'stripe' | 'paypal' | 'demo' | 'no payment' (a free booking); others shown as given. */
  provider: string;
  races: ReceiptRace[];
  myEntriesUrl: string;
  /** My Profile ({publicUrl}/profile), where the family's calendar link is made: never a feed
   * token in an e-mail (issue 27). */
  profileUrl: string;
}

export interface PlacesLostProps {
  payerName: string;
  payerUsername: string;
  reference: string;
  provider: string;
  races: ReceiptRace[];
}

export interface PasswordResetProps {
  firstName: string;
  link: string;
}

/** A change to the account's keys (issue 37): what, when (UK time, written out), and the site's address. */
export interface AccountChangedProps {
  firstName: string;
  change: AccountChange;
  when: string;
  siteUrl: string;
}

export interface LinkRequestDecidedProps {
  firstName: string;
  targetName: string;
  approved: boolean;
  profileUrl: string;
}

export interface RacerDecidedProps {
  name: string;
  approved: boolean;
  racerId: number | null;
}

export interface RefundLine {
  event: string;
  participant: string;
  amountPence: number;
}

export interface RefundProps {
  /** 'line-removed': removed from the cart before the payment completed; 'event-cancelled'. */
  reason: 'line-removed' | 'event-cancelled';
  firstName: string;
  reference: string;
  provider: string;
  lines: RefundLine[];
  totalPence: number;
}

export interface RefundAssociationProps {
  payer: string;
  payerUsername: string;
  reference: string;
  provider: string;
  lines: RefundLine[];
  totalPence: number;
}

export interface AmountMismatchProps {
  reference: string;
  provider: string;
  payer: string;
  payerUsername: string;
  asked: string;
  paid: string;
}

export interface ContactProps {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  promise: string;
}

export interface ContactAcknowledgementProps {
  firstName: string;
  promise: string;
}

export interface HealthAlertProps {
  title: string;
  since: string;
  detail: string;
  adminUrl: string;
}

export interface HealthClearedProps {
  title: string;
  raised: string;
  cleared: string;
}

export interface EntrantMessageProps {
  eventName: string;
  date: string | null;
  startTime: string | null;
  venue: string | null;
  subject: string;
  body: string;
  eventUrl: string | null;
}

/** A waiting-list offer (issue 27): the owner's first name, the race, who is offered a place,
 * the total, when the offer ends ("Thursday 3rd December 2026, 14:00 UK time") and its page. */
export interface WaitingOfferProps {
  firstName: string;
  eventName: string;
  date: string | null;
  startTime: string | null;
  venue: string | null;
  members: string[];
  totalPence: number;
  endsAt: string;
  offerUrl: string;
}

/** What happens to one entry's money when its race is cancelled (issue 35): refunded, on its
 * way back, to be refunded by the association (the provider refused), nothing (a free entry), or
 * settled by the association (entered without paying through the site). */
export type CancelledEntryMoney = 'refunded' | 'on-its-way' | 'by-association' | 'free' | 'offline';

/** A race cancelled (issue 35): one mail to each family that entered and each racer with their own
 * address, with each of their entries and what happens to its money. */
export interface RaceCancelledProps {
  firstName: string;
  eventName: string;
  date: string | null;
  startTime: string | null;
  venue: string | null;
  entries: { participant: string; money: CancelledEntryMoney; amountPence: number; provider: string }[];
  myEntriesUrl: string;
  contactUrl: string;
}

/** A refund's news to the payer (issue 35): on its way (a family's cancellation, an
 * administrator's removal), refused by the provider or failed on every try (the association will
 * refund another way), or completed where the provider reported it later. Each line with its own
 * amount and the fee kept. */
export interface RefundNewsProps {
  kind: 'on-its-way' | 'refused' | 'completed';
  firstName: string;
  reference: string;
  provider: string;
  lines: { event: string; participant: string; amountPence: number; feePence: number }[];
  totalPence: number;
  myEntriesUrl: string;
  contactUrl: string;
}

/** Every template's name and its props. */
export interface EmailPropsByName {
  receipt: ReceiptProps;
  'places-lost': PlacesLostProps;
  'password-reset': PasswordResetProps;
  'account-changed': AccountChangedProps;
  'link-request-decided': LinkRequestDecidedProps;
  'racer-decided': RacerDecidedProps;
  refund: RefundProps;
  'refund-association': RefundAssociationProps;
  'amount-mismatch': AmountMismatchProps;
  contact: ContactProps;
  'contact-acknowledgement': ContactAcknowledgementProps;
  'health-alert': HealthAlertProps;
  'health-cleared': HealthClearedProps;
  'entrant-message': EntrantMessageProps;
  'waiting-list-offer': WaitingOfferProps;
  'race-cancelled': RaceCancelledProps;
  'refund-news': RefundNewsProps;
}

export type EmailName = keyof EmailPropsByName;

/** An e-mail ready to send: subject, HTML and its plain-text part. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** What the built module (dist/web-ssr/emails.js) exports. */
export interface EmailModule {
  renderEmail<N extends EmailName>(name: N, site: EmailSite, props: EmailPropsByName[N]): Promise<RenderedEmail>;
  EMAIL_NAMES: EmailName[];
  SAMPLES: { [N in EmailName]: EmailPropsByName[N][] };
}
