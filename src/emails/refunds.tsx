import { Text } from '@react-email/components';
import { A, Action, Layout, P, price, raceWhen } from './layout.tsx';
import type { CancelledEntryMoney, EmailSite, RaceCancelledProps, RefundNewsProps } from './types.ts';

/** The e-mails of money going back (issue 35): a race cancelled, and a refund's news. */
type Of<T> = { site: EmailSite; props: T; subject: string };

/** "the card that paid" / "the PayPal account that paid": where a refund goes. */
function paidWith(provider: string): string {
  if (provider === 'paypal') return 'the PayPal account that paid';
  if (provider === 'demo') return 'the demo payment (no money was taken)';
  return 'the card that paid';
}

function moneyLine(e: RaceCancelledProps['entries'][number]): string {
  const words: Record<CancelledEntryMoney, string> = {
    refunded: `${price(e.amountPence)} refunded to ${paidWith(e.provider)}`,
    'on-its-way': `${price(e.amountPence)} is being refunded to ${paidWith(e.provider)}`,
    'by-association': `${price(e.amountPence)} will be refunded to you by the association another way`,
    free: 'a free entry: nothing to refund',
    offline: 'not paid through this site: the association will settle it with you',
  };
  return words[e.money];
}

const Line = (props: { children: string }) => (
  <Text style={{ color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '2px 0' }}>{props.children}</Text>
);

/** How to reach the association: its address and the contact page. */
function Reach({ site, contactUrl }: { site: EmailSite; contactUrl: string }) {
  return (
    <P>
      You can reply to this e-mail, write to{' '}
      <A site={site} href={`mailto:${site.email}`}>
        {site.email}
      </A>
      , or use the contact page: <A site={site} href={contactUrl} />
    </P>
  );
}

/** "ERSA: Hemel Open Slalom on Saturday 14th March 2027 is cancelled" */
export const raceCancelledSubject = (site: EmailSite, p: RaceCancelledProps) =>
  `${site.code}: ${p.eventName}${p.date ? ` on ${raceWhen(p.date, null)}` : ''} is cancelled`;

export function RaceCancelled({ site, props, subject }: Of<RaceCancelledProps>) {
  const when = raceWhen(props.date, props.startTime);
  const byAssociation = props.entries.some((e) => e.money === 'by-association');
  const toCard = props.entries.some((e) => e.money === 'refunded' || e.money === 'on-its-way');
  return (
    <Layout site={site} title={subject} preview="Every paid entry is refunded in full">
      <P>Hello {props.firstName},</P>
      <P>
        We are sorry: {props.eventName}
        {when ? ` (${when}${props.venue ? `, ${props.venue}` : ''})` : ''} has been cancelled. Every paid entry is
        refunded in full, with no fee kept.
      </P>
      <P strong>Your entries</P>
      {props.entries.map((e) => (
        <Line key={e.participant}>{`${e.participant}: ${moneyLine(e)}`}</Line>
      ))}
      {toCard ? <P>A refund to a card or wallet can take a few days to show on your statement.</P> : null}
      {byAssociation ? (
        <P>
          The payment provider would not take the refund back through this site, so the association will refund you
          another way and may contact you about it.
        </P>
      ) : null}
      <Action site={site} href={props.myEntriesUrl}>
        See My Entries
      </Action>
      <Reach site={site} contactUrl={props.contactUrl} />
    </Layout>
  );
}

const NEWS_SUBJECT: Record<RefundNewsProps['kind'], (total: string) => string> = {
  'on-its-way': (total) => `your refund of ${total} is on its way`,
  refused: (total) => `your refund of ${total} will be made by the association`,
  completed: (total) => `your refund of ${total} is complete`,
};

/** "ERSA: your refund of £20.00 is on its way" */
export const refundNewsSubject = (site: EmailSite, p: RefundNewsProps) =>
  `${site.code}: ${NEWS_SUBJECT[p.kind](price(p.totalPence))}`;

export function RefundNews({ site, props, subject }: Of<RefundNewsProps>) {
  const fee = props.lines.reduce((sum, l) => sum + l.feePence, 0);
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>Hello {props.firstName},</P>
      {props.kind === 'on-its-way' ? (
        <P>
          {price(props.totalPence)} is being refunded to {paidWith(props.provider)}. It can take a few days to show on
          your statement.
        </P>
      ) : props.kind === 'completed' ? (
        <P>
          The refund of {price(props.totalPence)} to {paidWith(props.provider)} is complete.
        </P>
      ) : (
        <P>
          The payment provider did not accept the refund of {price(props.totalPence)} to {paidWith(props.provider)}. The
          association will refund you another way and may contact you about it; you need do nothing.
        </P>
      )}
      {props.lines.map((l) => (
        <Line key={`${l.event} ${l.participant}`}>
          {`${l.event}: ${l.participant}: ${price(l.amountPence)}${l.feePence > 0 ? ` (cancellation fee of ${price(l.feePence)} kept)` : ''}`}
        </Line>
      ))}
      <P strong>
        Refund: {price(props.totalPence)}
        {fee > 0 ? ` (fees kept: ${price(fee)})` : ''}
      </P>
      <P>Payment reference {props.reference}.</P>
      <Action site={site} href={props.myEntriesUrl}>
        See My Entries
      </Action>
      <Reach site={site} contactUrl={props.contactUrl} />
    </Layout>
  );
}
