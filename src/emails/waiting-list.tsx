import { A, Action, Layout, P, price, raceWhen } from './layout.tsx';
import type { EmailSite, WaitingOfferProps } from './types.ts';

type Of<T> = { site: EmailSite; props: T; subject: string };

/** "ERSA: a place in Hemel Open Slalom is offered to you" (issue 27, the family waiting list). */
export const waitingOfferSubject = (site: EmailSite, p: WaitingOfferProps) =>
  `${site.code}: ${p.members.length === 1 ? 'a place' : `${p.members.length} places`} in ${p.eventName} ${p.members.length === 1 ? 'is' : 'are'} offered to you`;

/** The offer: who has a place, what it costs, until when it is held, and the link to answer it
 * (the page's buttons answer; following the link answers nothing). */
export function WaitingOffer({ site, props, subject }: Of<WaitingOfferProps>) {
  const when = raceWhen(props.date, props.startTime);
  return (
    <Layout site={site} title={subject} preview={`Held for you until ${props.endsAt}`}>
      <P>Hello {props.firstName},</P>
      <P>
        {props.members.length === 1 ? 'A place has' : 'Places have'} come free in {props.eventName}
        {when ? ` (${when}${props.venue ? `, ${props.venue}` : ''})` : ''}, and your family is next on the waiting list.
      </P>
      <P strong>Offered: {props.members.join(', ')}</P>
      <P>{props.totalPence > 0 ? `To pay: ${price(props.totalPence)}` : 'This race is free to enter.'}</P>
      <P>
        The {props.members.length === 1 ? 'place is' : 'places are'} held for you until {props.endsAt}. Accept to{' '}
        {props.totalPence > 0 ? 'pay and confirm the entry' : 'confirm the entry'}, or decline to pass{' '}
        {props.members.length === 1 ? 'it' : 'them'} on to the next family.
      </P>
      <Action site={site} href={props.offerUrl}>
        Answer the offer
      </Action>
      <P>
        Or copy this address into your browser: <A site={site} href={props.offerUrl} />
      </P>
      <P>If you do nothing, the offer ends at that time and passes to the next family on the list.</P>
    </Layout>
  );
}
