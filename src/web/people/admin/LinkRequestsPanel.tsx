import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LINK_MSG, type LinkAction } from '../../../domain/people/link-requests.ts';
import { useAdminStore } from '../../admin/store.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { FamilyModal } from './FamilyModal.tsx';
import { type LinkBusy, LinkRequestCards, LinkRequestsTable } from './LinkRequestList.tsx';
import { PagedListSection, StatusFilter } from './ListParts.tsx';
import { type AdminLinkRequest, type LinkRequestsQuery, useDecideLink, useLinkRequests } from './link-requests-api.ts';
import {
  DEFAULT_LINK_FILTER,
  LINK_FILTERS,
  linkDecisionFailure,
  linkPageCount,
  parseLinkFilter,
  person,
} from './link-requests-model.ts';
import { usePagedList } from './usePagedList.ts';

/**
 * Link Requests (doc 2 §2, §3, §4, §8, §9): the requests to link two accounts into a family,
 * newest first, 50 a page, by status (Pending by default) and a search (300 ms after typing stops).
 * Approve puts both accounts in one family; Reject on an approved request takes the account it
 * named out again, so it asks first. View Family lists an approved request's family.
 */
export function LinkRequestsPanel() {
  const { code } = useAssociation();
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const paged = usePagedList<LinkRequestsQuery, AdminLinkRequest>({
    initial: { page: 1, status: DEFAULT_LINK_FILTER, search: '' },
    useList: useLinkRequests,
    pageCount: linkPageCount,
    failed: LINK_MSG.listFailed,
  });
  const decide = useDecideLink();
  const [busy, setBusy] = useState<LinkBusy>({});
  const [familyId, setFamilyId] = useState<number | null>(null);

  const run = async (request: AdminLinkRequest, action: LinkAction) => {
    setBusy((b) => ({ ...b, [request.id]: action }));
    try {
      const decided = await decide.mutateAsync({ id: request.id, action });
      toast.admin('success', decided.message);
    } catch (error) {
      toast.admin('error', linkDecisionFailure(error));
    } finally {
      setBusy(({ [request.id]: _, ...rest }) => rest);
    }
  };

  const onDecide = (request: AdminLinkRequest, action: LinkAction) => {
    if (busy[request.id]) return;
    if (action === 'reject' && request.status === 'APPROVED') {
      const target = person(request.target_user_first_name, request.target_user_last_name);
      openConfirm({
        title: 'Reject an approved link',
        children: (
          <Text>
            This link was approved. Rejecting it takes {target} ({request.target_user_name}) out of the family, so they
            can no longer be entered by {person(request.requesting_user_first_name, request.requesting_user_last_name)}.
          </Text>
        ),
        labels: { confirm: 'Reject link', cancel: 'Keep it' },
        onConfirm: () => void run(request, action),
      });
      return;
    }
    void run(request, action);
  };

  const rows = {
    requests: paged.items,
    loading: paged.list.isPending,
    code,
    busy,
    onDecide,
    onFamily: (r: AdminLinkRequest) => setFamilyId(r.family_id),
  };

  return (
    <Stack gap="lg">
      <Title order={2}>Link Requests</Title>
      <Text c="dimmed" size="sm">
        Members ask to link their accounts (a parent and their children) so that one can enter the other for events.
        Approving puts both accounts in one family.
      </Text>
      <PagedListSection
        label="Link request list"
        paged={paged}
        searchLabel="Search link requests"
        placeholder="Name, username or e-mail"
        filter={
          <StatusFilter
            filters={LINK_FILTERS}
            value={paged.query.status}
            onChange={(value) => paged.refilter({ status: parseLinkFilter(value) })}
          />
        }
        counted={{ testId: 'link-count', loadingText: 'Loading link requests…', noun: 'request' }}
        table={<LinkRequestsTable {...rows} />}
        cards={<LinkRequestCards {...rows} />}
        pagesLabel="Link request pages"
      />
      <FamilyModal familyId={familyId} onClose={() => setFamilyId(null)} canRemove={isSuper} />
    </Stack>
  );
}
