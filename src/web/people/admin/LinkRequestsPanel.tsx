import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
import { LINK_MSG, type LinkAction } from '../../../domain/people/link-requests.ts';
import { useAdminStore } from '../../admin/store.ts';
import { openConfirm } from '../../ui/confirm.ts';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import classes from './ConfirmRacersPanel.module.css';
import { FamilyModal } from './FamilyModal.tsx';
import { type LinkBusy, LinkRequestCards, LinkRequestsTable } from './LinkRequestList.tsx';
import { CountLine, ListPages, LoadFailed, SearchBox } from './ListParts.tsx';
import { type AdminLinkRequest, type LinkRequestsQuery, useDecideLink, useLinkRequests } from './link-requests-api.ts';
import {
  DEFAULT_LINK_FILTER,
  LINK_FILTERS,
  linkDecisionFailure,
  linkPageCount,
  parseLinkFilter,
  person,
} from './link-requests-model.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Link Requests (doc 2 §2, §3, §4, §8, §9): the requests to link two accounts into a family,
 * newest first, 50 a page, by status (Pending by default) and a search (300 ms after typing stops).
 * Approve puts both accounts in one family; Reject on an approved request takes the account it
 * named out again, so it asks first. View Family lists an approved request's family.
 */
export function LinkRequestsPanel() {
  const { code } = useAssociation();
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<LinkRequestsQuery>({ page: 1, status: DEFAULT_LINK_FILTER, search: '' });
  const list = useLinkRequests(query);
  const decide = useDecideLink();
  const [busy, setBusy] = useState<LinkBusy>({});
  const [familyId, setFamilyId] = useState<number | null>(null);
  const statusLabelId = useId();

  const searchLater = useDebouncedCallback((value: string) => {
    setQuery((q) => (q.search === value ? q : { ...q, search: value, page: 1 }));
  }, SEARCH_DEBOUNCE_MS);
  const changeSearch = (value: string) => {
    setSearch(value);
    searchLater(value.trim());
  };
  const clearSearch = () => {
    setSearch('');
    searchLater.cancel();
    setQuery((q) => ({ ...q, search: '', page: 1 }));
  };

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.admin('error', LINK_MSG.listFailed);
  }, [failedAt]);

  const requests = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pages = linkPageCount(count);
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && query.page > pages) setQuery((q) => ({ ...q, page: pages }));
  }, [list.data, list.isPlaceholderData, query.page, pages]);

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

  const loading = list.isPending;
  const rowProps = { code, busy, onDecide, onFamily: (r: AdminLinkRequest) => setFamilyId(r.family_id) };

  return (
    <Stack gap="lg">
      <Title order={2}>Link Requests</Title>
      <Text c="dimmed" size="sm">
        Members ask to link their accounts (a parent and their children) so that one can enter the other for events.
        Approving puts both accounts in one family.
      </Text>
      <Paper withBorder radius="md" component="section" className={classes.section} aria-label="Link request list">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
          <SearchBox
            label="Search link requests"
            placeholder="Name, username or e-mail"
            value={search}
            onChange={changeSearch}
            onClear={clearSearch}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id={statusLabelId}>
              Status
            </Text>
            <SegmentedControl
              aria-labelledby={statusLabelId}
              data={LINK_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={query.status}
              onChange={(value) => setQuery((q) => ({ ...q, status: parseLinkFilter(value), page: 1 }))}
            />
          </Stack>
        </Group>

        <CountLine
          testId="link-count"
          loading={loading}
          loadingText="Loading link requests…"
          count={count}
          noun="request"
          page={query.page}
          pages={pages}
          fetching={list.isFetching}
        />

        {list.isError && !list.data ? (
          <LoadFailed title={LINK_MSG.listFailed} retrying={list.isFetching} onRetry={() => list.refetch()} />
        ) : (
          <div className={classes.list} aria-busy={list.isPlaceholderData || loading}>
            <div className={responsive.wideOnly}>
              <LinkRequestsTable requests={requests} loading={loading} {...rowProps} />
            </div>
            <div className={responsive.narrowOnly}>
              <LinkRequestCards requests={requests} loading={loading} {...rowProps} />
            </div>
          </div>
        )}

        <ListPages
          label="Link request pages"
          page={query.page}
          pages={pages}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      </Paper>
      <FamilyModal familyId={familyId} onClose={() => setFamilyId(null)} canRemove={isSuper} />
    </Stack>
  );
}
