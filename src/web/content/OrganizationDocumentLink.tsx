import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { SAFEGUARDING_POLICY_NAME } from '../../domain/content/safeguarding.ts';
import { paths } from '../app/paths.ts';
import type { OrganizationDocument } from './api.ts';

type DocumentLinkProps = { doc: OrganizationDocument } & AnchorProps;

/** The organisation document named exactly 'Safeguarding Policy' (case included) stands for the
 * safeguarding page on Policies (doc 1 §2, doc 2 §3), which offers the file itself. */
export function isSafeguardingPolicy(doc: Pick<OrganizationDocument, 'name'>): boolean {
  return doc.name === SAFEGUARDING_POLICY_NAME;
}

/** An organisation document's file (its PDF) in a new tab: the footer's documents, every one of
 * them (docs/decisions/0066). */
export function DocumentFileLink({ doc, ...props }: DocumentLinkProps) {
  return (
    <Anchor href={doc.document} target="_blank" rel="noopener noreferrer" {...props}>
      {doc.name}
    </Anchor>
  );
}

/** An organisation document on Policies: its file in a new tab, or, for the Safeguarding Policy,
 * the safeguarding page (docs/decisions/0066). */
export function OrganizationDocumentLink({ doc, ...props }: DocumentLinkProps) {
  if (isSafeguardingPolicy(doc)) {
    return (
      <Anchor component={Link} to={paths.safeguarding} {...props}>
        {doc.name}
      </Anchor>
    );
  }
  return <DocumentFileLink doc={doc} {...props} />;
}
