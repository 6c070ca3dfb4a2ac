import { CloseButton, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconShieldLock } from '@tabler/icons-react';
import {
  isSecurityEventKind,
  SECURITY_EVENT_KINDS,
  SECURITY_EVENT_LABELS,
  SECURITY_LOG_MSG,
  SECURITY_LOG_PAGE_SIZE,
} from '../../domain/accounts/security-log.ts';
import { SIGN_IN_USERNAME_MAX } from '../../domain/accounts/text-rules.ts';
import { LONDON } from '../../domain/dates.ts';
import { CardSkeletons } from '../people/admin/CardParts.tsx';
import listClasses from '../people/admin/ConfirmRacersPanel.module.css';
import { CountLine, ListPages, LoadFailed, TableFiller } from '../people/admin/ListParts.tsx';
import { usePagedList } from '../people/admin/usePagedList.ts';
import { CardFacts, cardClasses } from '../ui/CardFacts.tsx';
import { EmptyList } from '../ui/EmptyList.tsx';
import responsive from '../ui/responsive.module.css';
import { type SecurityLogQuery, type SecurityLogRow, useSecurityLog } from './security-log-api.ts';

/**
 * Security Log (issue 37, docs/decisions/0063-security-log.md), for super administrators: every
 * account-security event — passwords changed or reset, second factors on or off, recovery codes
 * made or used, accounts deleted, sign-ins refused by a limit — newest first, 50 a page, with
 * when (in London time), whose, what, from which address and a detail. Filtered by an exact
 * username (300 ms after typing stops) and by kind. A table above 768 px, one card per event at
 * 768 px or less. It lives with the accounts (its server side is accounts/security-log.ts).
 */
export function SecurityLogPanel() {
  const paged = usePagedList<SecurityLogQuery, SecurityLogRow>({
    initial: { page: 1, search: '', kind: '' },
    useList: useSecurityLog,
    pageCount: (count) => Math.max(1, Math.ceil(count / SECURITY_LOG_PAGE_SIZE)),
    failed: SECURITY_LOG_MSG.listFailed,
  });
  const { list, query } = paged;
  const loading = list.isPending;
  const filtered = query.search !== '' || query.kind !== '';
  const rows = { events: paged.items, loading, filtered };

  return (
    <Stack gap="lg">
      <Title order={2}>Security Log</Title>
      <Text c="dimmed" size="sm">
        Who changed or reset a password, turned a second factor on or off, made or used recovery codes or deleted their
        account, and which sign-ins a limit refused: when, and from which address. {SECURITY_LOG_MSG.kept}
      </Text>
      <Paper withBorder radius="md" component="section" className={listClasses.section} aria-label="Security events">
        <Group align="flex-end" wrap="wrap" gap="sm" mb="md">
          <TextInput
            label="Username"
            description="The exact username"
            value={paged.search.value}
            onChange={(e) => paged.search.onChange(e.currentTarget.value)}
            maxLength={SIGN_IN_USERNAME_MAX}
            autoComplete="off"
            spellCheck={false}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              paged.search.value ? (
                <CloseButton size="sm" aria-label="Clear username" onClick={paged.search.onClear} />
              ) : null
            }
            w={{ base: '100%', xs: 260 }}
          />
          <NativeSelect
            label="What"
            description="The kind of event"
            value={query.kind}
            onChange={(e) => {
              const value = e.currentTarget.value;
              paged.refilter({ kind: isSecurityEventKind(value) ? value : '' });
            }}
            data={[
              { value: '', label: 'All kinds' },
              ...SECURITY_EVENT_KINDS.map((kind) => ({ value: kind, label: SECURITY_EVENT_LABELS[kind] })),
            ]}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>

        <CountLine
          testId="security-log-count"
          loading={loading}
          loadingText="Loading security events…"
          count={paged.count}
          noun="event"
          page={query.page}
          pages={paged.pages}
          fetching={list.isFetching}
        />

        {list.isError && !list.data ? (
          <LoadFailed title={paged.failed} retrying={list.isFetching} onRetry={() => list.refetch()} />
        ) : (
          <div className={listClasses.list} aria-busy={list.isPlaceholderData || loading}>
            <div className={responsive.wideOnly}>
              <SecurityLogTable {...rows} />
            </div>
            <div className={responsive.narrowOnly}>
              <SecurityLogCards {...rows} />
            </div>
          </div>
        )}

        <ListPages label="Security log pages" page={query.page} pages={paged.pages} onPage={paged.setPage} />
      </Paper>
    </Stack>
  );
}

interface RowsProps {
  events: SecurityLogRow[];
  loading: boolean;
  filtered: boolean;
}

const COLUMNS = 5;

const atFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: LONDON,
});

/** When, as the club reads it: London time, to the second (refusals a minute apart differ). */
export const eventTime = (iso: string) => atFormat.format(new Date(iso));

const address = (ip: string | null) => ip ?? SECURITY_LOG_MSG.noAddress;

function NoEvents({ filtered }: { filtered: boolean }) {
  return (
    <EmptyList
      icon={<IconShieldLock aria-hidden />}
      title={SECURITY_LOG_MSG.empty}
      description={filtered ? 'None for this username and kind: try another.' : undefined}
    />
  );
}

function SecurityLogTable({ events, loading, filtered }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>Security events, newest first (times in London)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Account</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableFiller loading={loading} empty={events.length === 0} rows={5} columns={COLUMNS}>
            <NoEvents filtered={filtered} />
          </TableFiller>
          {events.map((e) => (
            <Table.Tr key={e.id} data-kind={e.kind}>
              <Table.Td className={listClasses.nowrap}>
                <time dateTime={e.at}>{eventTime(e.at)}</time>
              </Table.Td>
              <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {e.username}
              </Table.Th>
              <Table.Td>{e.kind_label}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{address(e.ip)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.detail ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SecurityLogCards({ events, loading, filtered }: RowsProps) {
  if (loading) return <CardSkeletons height={120} />;
  if (events.length === 0) return <NoEvents filtered={filtered} />;
  return (
    <ul className={cardClasses.cards} aria-label="Security events, newest first">
      {events.map((e) => (
        <Paper component="li" key={e.id} withBorder radius="md" p="sm" data-kind={e.kind}>
          <Text className={cardClasses.title}>{e.kind_label}</Text>
          <CardFacts
            facts={[
              [
                'When',
                <time key="when" dateTime={e.at}>
                  {eventTime(e.at)}
                </time>,
              ],
              ['Account', e.username],
              ['Address', address(e.ip)],
              ...(e.detail ? [['Detail', e.detail] as const] : []),
            ]}
          />
        </Paper>
      ))}
    </ul>
  );
}
