import { Text } from '@react-email/components';
import { formatPrice } from '../domain/money.ts';
import { Layout, P, price, providerLabel } from './layout.tsx';
import type { AmountMismatchProps, EmailSite, RefundAssociationProps, RefundLine, RefundProps } from './types.ts';

type Of<T> = { site: EmailSite; props: T; subject: string };
const pounds = (pence: number) => `£${formatPrice(pence)}`;

function Lines(props: { lines: RefundLine[]; totalPence: number; reference: string; provider: string }) {
  return (
    <>
      {props.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in order
        <Text key={i} style={{ color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '2px 0' }}>
          {l.event}: {l.participant} ({price(l.amountPence)})
        </Text>
      ))}
      <P strong>Refunded: {pounds(props.totalPence)}</P>
      <P>
        Payment: {providerLabel(props.provider)}, reference {props.reference}
      </P>
    </>
  );
}

export const refundSubject = (site: EmailSite, p: RefundProps) =>
  p.reason === 'event-cancelled'
    ? `${site.code}: refund of ${pounds(p.totalPence)} for a cancelled event`
    : `${site.code}: refund of ${pounds(p.totalPence)} for entries removed from your cart`;

export function Refund({ site, props, subject }: Of<RefundProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>Hello {props.firstName},</P>
      <P>
        {props.reason === 'event-cancelled'
          ? 'Your payment completed after the event was cancelled, so these entries are not booked and their amount is refunded to you in full:'
          : 'Your payment completed after these entries had been removed from your cart, so they are not booked and their amount is refunded to you:'}
      </P>
      <Lines {...props} />
      <P>The refund goes back the way you paid; your bank may take a few days to show it.</P>
    </Layout>
  );
}

export const refundAssociationSubject = (site: EmailSite, p: RefundAssociationProps) =>
  `${site.code}: refund made: payment ${p.reference} completed for a cancelled event`;

export function RefundAssociation({ site, props, subject }: Of<RefundAssociationProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>
        {props.payer} ({props.payerUsername}) paid for entries on an event that had been cancelled; nothing was booked
        and the amount is refunded automatically:
      </P>
      <Lines {...props} />
    </Layout>
  );
}

export const amountMismatchSubject = (site: EmailSite, p: AmountMismatchProps) =>
  `${site.code}: needs attention: payment ${p.reference} paid a different amount`;

export function AmountMismatch({ site, props, subject }: Of<AmountMismatchProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>
        The provider ({props.provider}) reports that payment {props.reference} of {props.payer} ({props.payerUsername})
        took {props.paid}, but this site asked for {props.asked}.
      </P>
      <P>Nothing was booked, its held places were released, and {props.paid} is refunded in full.</P>
      <P>The payment is marked "needs attention" in the back office.</P>
    </Layout>
  );
}
