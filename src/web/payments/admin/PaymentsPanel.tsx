import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentRecord } from '../../../domain/payments/records.ts';
import { api } from '../../api/client.ts';
import { CountLine, ListPages, LoadFailed, SearchBox } from '../../people/admin/ListParts.tsx';
import { downloadCsv } from '../../ui/download.ts';
import { SegmentedStackedOnPhone } from '../../ui/StackedOnPhone.tsx';
import { toast } from '../../ui/toast.ts';
import { OfferHoursSetting } from '../../waiting-list/OfferHoursSetting.tsx';
import { MoneyByRace } from './MoneyByRace.tsx';
import { PaymentsList } from './PaymentsList.tsx';
import { PaymentTrail } from './PaymentTrail.tsx';
import { RefundQueue } from './RefundQueue.tsx';
import { RefundSwitch } from './RefundSwitch.tsx';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Paid' },
  { value: 'started', label: 'Under way' },
  { value: 'canceled', label: 'Cancelled' },
  { value: 'refunded', label: 'Refunds' },
];
const PAGE_SIZE = 50;

/**
 * Orders & Payments (issue 9, 24): every payment with its provider, reference, amount, status and
 * refunds, those that need attention first and marked (a filter shows only them), searched by
 * reference, username or name; each opens its trail (log and refunds); payments.csv for
 * reconciling against the provider's payouts.
 */
export function PaymentsPanel() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const [attention, setAttention] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const query = new URLSearchParams({
    status,
    ...(debounced ? { search: debounced } : {}),
    ...(attention ? { attention: '1' } : {}),
  });
  const list = useQuery({
    queryKey: ['admin', 'payments', status, debounced, attention, page],
    queryFn: ({ signal }) =>
      api.get<{ count: number; results: PaymentRecord[] }>(`/admin/payments/?${query}&page=${page}`, {
        auth: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));
  const rows = list.data?.results ?? [];
  const download = () =>
    downloadCsv(`/admin/payments/export-csv/?${query}`, 'payments.csv').catch(() =>
      toast.error('The CSV could not be downloaded. Please try again.'),
    );

  return (
    <Stack gap="md">
      <Title order={2}>Orders & Payments</Title>
      <RefundSwitch />
      <RefundQueue />
      <OfferHoursSetting />
      <MoneyByRace />
      <Group justify="space-between" align="flex-end">
        <SearchBox
          label="Search payments"
          placeholder="Reference, username or name"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          onClear={() => setSearch('')}
        />
        <Button leftSection={<IconDownload size={16} aria-hidden />} variant="light" onClick={download}>
          Download CSV
        </Button>
      </Group>
      <Group gap="md" align="center">
        <SegmentedStackedOnPhone
          aria-label="Show payments"
          data={FILTERS}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <Checkbox
          label="Needs attention"
          checked={attention}
          onChange={(e) => {
            setAttention(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="Payments could not be loaded" retrying={list.isFetching} onRetry={() => list.refetch()} />
      ) : (
        <>
          <CountLine
            testId="payments-count"
            loading={list.isPending}
            loadingText="Loading payments…"
            count={list.data?.count ?? 0}
            noun="payment"
            page={page}
            pages={pages}
            fetching={list.isFetching}
          />
          <PaymentsList rows={rows} loading={list.isPending} onOpen={setOpened} />
          <ListPages label="Payment pages" page={page} pages={pages} onPage={setPage} />
          <PaymentTrail paymentId={opened} onClose={() => setOpened(null)} />
        </>
      )}
    </Stack>
  );
}
