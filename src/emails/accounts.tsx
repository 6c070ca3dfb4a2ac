import { ACCOUNT_CHANGE_WORDS } from '../domain/accounts/account-changes.ts';
import { A, Action, Layout, P } from './layout.tsx';
import type {
  AccountChangedProps,
  EmailSite,
  LinkRequestDecidedProps,
  PasswordResetProps,
  RacerDecidedProps,
} from './types.ts';

type Of<T> = { site: EmailSite; props: T; subject: string };

export const passwordResetSubject = (site: EmailSite) => `${site.code}: reset your password`;

export function PasswordReset({ site, props, subject }: Of<PasswordResetProps>) {
  return (
    <Layout site={site} title={subject} preview="Choose a new password (the link works once, for 1 hour)">
      <P>Hello {props.firstName},</P>
      <P>Someone asked to reset the password of your {site.code} account. To choose a new password, open this link:</P>
      <Action site={site} href={props.link}>
        Choose a new password
      </Action>
      <P>
        Or copy this address into your browser: <A site={site} href={props.link} />
      </P>
      <P>
        The link works once and expires after 1 hour. If you did not ask for this, you can ignore this e-mail: your
        password stays as it is.
      </P>
    </Layout>
  );
}

export const accountChangedSubject = (site: EmailSite, p: AccountChangedProps) =>
  `${site.code}: ${ACCOUNT_CHANGE_WORDS[p.change].subject}`;

/** A change to the account's keys (issue 37): what, when, and what to do if it was not the owner. */
export function AccountChanged({ site, props, subject }: Of<AccountChangedProps>) {
  const { what } = ACCOUNT_CHANGE_WORDS[props.change];
  return (
    <Layout site={site} title={subject} preview={`On ${props.when}, ${what}.`}>
      <P>Hello {props.firstName},</P>
      <P>
        On {props.when}, {what}.
      </P>
      <P>If this was you, there is nothing more to do.</P>
      <P>
        If it was not you, someone may know your password. Open the site, choose Log In, then "Forgotten your password"
        to choose a new one: that signs out everyone using your account. Then tell the association at {site.email}, who
        can check what was done with it.
      </P>
      <Action site={site} href={props.siteUrl}>
        Open {site.code}
      </Action>
    </Layout>
  );
}

export const linkRequestDecidedSubject = (site: EmailSite, p: LinkRequestDecidedProps) =>
  `${site.code}: your link request was ${p.approved ? 'approved' : 'not approved'}`;

export function LinkRequestDecided({ site, props, subject }: Of<LinkRequestDecidedProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>Hello {props.firstName},</P>
      {props.approved ? (
        <>
          <P>
            Your request to link your account with {props.targetName} was approved: {props.targetName} now shows under
            Linked Accounts in your profile, and you can enter them for events.
          </P>
          <Action site={site} href={props.profileUrl}>
            Open Linked Accounts
          </Action>
        </>
      ) : (
        <P>
          Your request to link your account with {props.targetName} was not approved. If you think this is a mistake,
          please contact the association at {site.email}.
        </P>
      )}
    </Layout>
  );
}

export const racerDecidedSubject = (site: EmailSite, p: RacerDecidedProps) =>
  p.approved
    ? `${site.code}: ${p.name} is approved to race`
    : `${site.code}: ${p.name}'s racer registration was not approved`;

export function RacerDecided({ site, props, subject }: Of<RacerDecidedProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      {props.approved ? (
        <P>
          {props.name} is now an approved racer (racer number {String(props.racerId ?? '')}) and can be entered for
          races.
        </P>
      ) : (
        <P>
          {props.name}'s racer registration was not approved, so they cannot be entered for races. If you think this is
          a mistake, please contact the association at {site.email}.
        </P>
      )}
    </Layout>
  );
}
