import {
  Alert,
  Badge,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconSearch, IconUserSearch, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { RACER_MSG, type RacerDecision, type RacerStatus } from '../../../domain/people/racers.ts';
import { activeElement, softDisabled } from '../../ui/focus.ts';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import classes from './ConfirmRacersPanel.module.css';
import { type RacerProfile, type RacersQuery, useDecideRacer, useRacers } from './racers-api.ts';
import {
  DEFAULT_RACER_FILTER,
  dateOfBirthLabel,
  decisionFailure,
  disciplineLabel,
  genderLabel,
  normaliseSearch,
  pageCount,
  parseRacerFilter,
  RACER_FILTERS,
  RACER_STATUS_COLOR,
  RACER_STATUS_LABEL,
  racerClub,
  racerName,
  racerNumberLabel,
} from './racers-model.ts';

/** The racer toasts: the success lasts 3 s (doc 2 §8); failures the admin area's 5 s. */
const SUCCESS_MS = 3000;
/** Search debounce (doc 2 §9). */
const SEARCH_DEBOUNCE_MS = 300;
/** Skeleton rows while the first page loads. */
const SKELETON_ROWS = 5;
const COLUMNS = 9;

/** Which decision is under way, by profile id. */
type Busy = Record<number, RacerDecision>;

/** Where focus goes once a decided racer's list is back: the row the button was in. */
interface FocusWish {
  racerId: number;
  decision: RacerDecision;
  index: number;
}

/**
 * Confirm Racers (doc 2 §2, §3, §4, §8, §9): the accounts that race, 50 a page, oldest first,
 * filtered by status (Pending by default) and a search (300 ms after typing stops) on name,
 * username, e-mail or racer number. Approve and Reject per racer; the button for the racer's
 * current state is disabled. After each decision the list is read again, so a decided racer
 * leaves the Pending view. A table above 768 px, cards below.
 */
export function ConfirmRacersPanel() {
  const { code } = useAssociation();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<RacersQuery>({ page: 1, status: DEFAULT_RACER_FILTER, search: '' });
  const list = useRacers(query);
  const decide = useDecideRacer();
  const [busy, setBusy] = useState<Busy>({});
  const focusWish = useRef<FocusWish | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const statusLabelId = useId();

  // a new search or status starts again at page 1
  const searchLater = useDebouncedCallback((value: string) => {
    setQuery((q) => (q.search === value ? q : { ...q, search: value, page: 1 }));
  }, SEARCH_DEBOUNCE_MS);
  const changeSearch = (value: string) => {
    setSearch(value);
    searchLater(normaliseSearch(value));
  };
  const clearSearch = () => {
    setSearch('');
    searchLater.cancel();
    setQuery((q) => ({ ...q, search: '', page: 1 }));
  };
  const changeStatus = (value: string) => setQuery((q) => ({ ...q, status: parseRacerFilter(value), page: 1 }));
  const changePage = (page: number) => {
    setQuery((q) => ({ ...q, page }));
    const box = sectionRef.current;
    if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: 'start' });
  };

  // each failed read says so once
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.admin('error', RACER_MSG.fetchFailed);
  }, [failedAt]);

  const racers = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count);

  // a decision can empty the last page: show the last page there is
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && query.page > pages) setQuery((q) => ({ ...q, page: pages }));
  }, [list.data, list.isPlaceholderData, query.page, pages]);

  // once the list is back after a decision, focus stays with the row (or the next one)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again each time the list comes back
  useEffect(() => {
    const wish = focusWish.current;
    if (!wish || Object.keys(busy).length > 0 || list.isFetching) return;
    focusWish.current = null;
    restoreFocus(sectionRef.current, wish);
  }, [busy, list.isFetching, list.dataUpdatedAt, list.errorUpdatedAt]);

  const onDecide = async (racer: RacerProfile, decision: RacerDecision, index: number) => {
    if (racer.is_racer_confirmed === decision || busy[racer.id]) return;
    setBusy((b) => ({ ...b, [racer.id]: decision }));
    try {
      const decided = await decide.mutateAsync({ profileId: racer.id, decision });
      toast.admin('success', decided.message, SUCCESS_MS);
    } catch (error) {
      toast.admin('error', decisionFailure(error, decision));
    } finally {
      focusWish.current = { racerId: racer.id, decision, index };
      setBusy(({ [racer.id]: _, ...rest }) => rest);
    }
  };

  const loading = list.isPending;
  const refreshing = list.isPlaceholderData;
  const rowProps = { code, busy, onDecide };

  return (
    <Stack gap="lg">
      <Title order={2}>Confirm Racers</Title>
      <Text c="dimmed" size="sm">
        Accounts that race wait here as Pending until an administrator approves or rejects them. Approving gives the
        racer the next {code} ID; only approved racers can be entered for races.
      </Text>

      <Paper
        withBorder
        radius="md"
        component="section"
        className={classes.section}
        ref={sectionRef}
        tabIndex={-1}
        aria-label="Racer list"
      >
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
          <TextInput
            label="Search racers"
            placeholder="Name, username, e-mail or racer number"
            value={search}
            onChange={(e) => changeSearch(e.currentTarget.value)}
            maxLength={100}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} /> : null}
            w={{ base: '100%', xs: 320 }}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id={statusLabelId}>
              Status
            </Text>
            <SegmentedControl
              aria-labelledby={statusLabelId}
              data={RACER_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={query.status}
              onChange={changeStatus}
            />
          </Stack>
        </Group>

        <Group justify="space-between" gap="sm" mb="xs" mih={24}>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="racer-count">
            {loading ? 'Loading racers…' : countLabel(count, query.page, pages)}
          </Text>
          {list.isFetching && !loading && <Loader size="xs" aria-label="Updating the list" />}
        </Group>

        {list.isError && !list.data ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={RACER_MSG.fetchFailed}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">The list could not be loaded. Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" loading={list.isFetching} onClick={() => list.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <div className={classes.list} aria-busy={refreshing || loading}>
            <div className={responsive.wideOnly}>
              <RacersTable racers={racers} loading={loading} {...rowProps} />
            </div>
            <div className={responsive.narrowOnly}>
              <RacerCards racers={racers} loading={loading} {...rowProps} />
            </div>
          </div>
        )}

        {pages > 1 && (
          <Group component="nav" aria-label="Racer pages" justify="center" mt="md">
            <Pagination
              total={pages}
              value={Math.min(query.page, pages)}
              onChange={changePage}
              siblings={1}
              size="sm"
              getItemProps={(page) => ({
                'aria-label': `Page ${page}`,
                'aria-current': page === query.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
            />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

function countLabel(count: number, page: number, pages: number): string {
  const racers = `${count} racer${count === 1 ? '' : 's'}`;
  return pages > 1 ? `${racers} · page ${Math.min(page, pages)} of ${pages}` : racers;
}

interface ListProps {
  racers: RacerProfile[];
  loading: boolean;
  code: string;
  busy: Busy;
  onDecide: (racer: RacerProfile, decision: RacerDecision, index: number) => void;
}

function RacersTable({ racers, loading, code, busy, onDecide }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={840} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Racers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.nowrap}>
              {code} ID
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Username</Table.Th>
            <Table.Th scope="col">Date of birth</Table.Th>
            <Table.Th scope="col">Gender</Table.Th>
            <Table.Th scope="col">
              Ski/
              <wbr />
              Snowboard
            </Table.Th>
            <Table.Th scope="col">Club</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" className={classes.actions}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <Table.Tr key={i} className={classes.placeholderRow} aria-hidden>
                {Array.from({ length: COLUMNS }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                  <Table.Td key={j}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!loading && racers.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <NoRacers />
              </Table.Td>
            </Table.Tr>
          )}
          {racers.map((racer, index) => {
            const club = racerClub(racer.local_club, racer.other_club);
            return (
              <Table.Tr key={racer.id} data-racer={racer.id}>
                <Table.Td>{racerNumberLabel(racer.racer_id)}</Table.Td>
                <Table.Td fw={600}>{racerName(racer.user)}</Table.Td>
                <Table.Td>{racer.user.username}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateOfBirthLabel(racer.date_of_birth)}</Table.Td>
                <Table.Td>{genderLabel(racer.gender)}</Table.Td>
                <Table.Td>{disciplineLabel(racer.ski_or_board)}</Table.Td>
                <Table.Td>
                  <abbr title={club.title}>{club.code}</abbr>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={racer.is_racer_confirmed} />
                </Table.Td>
                <Table.Td className={classes.actions}>
                  <DecisionButtons racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RacerCards({ racers, loading, code, busy, onDecide }: ListProps) {
  if (loading) {
    return (
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={i} height={180} radius="md" />
        ))}
      </Stack>
    );
  }
  if (racers.length === 0) return <NoRacers />;
  return (
    <ul className={classes.cards} aria-label="Racers">
      {racers.map((racer, index) => {
        const club = racerClub(racer.local_club, racer.other_club);
        return (
          <Paper component="li" key={racer.id} withBorder radius="md" p="sm" data-racer={racer.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {racerName(racer.user)}
                </Text>
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {racer.user.username}
                </Text>
              </div>
              <StatusBadge status={racer.is_racer_confirmed} />
            </Group>
            <dl className={classes.facts}>
              <dt>{code} ID</dt>
              <dd>{racerNumberLabel(racer.racer_id)}</dd>
              <dt>Date of birth</dt>
              <dd>{dateOfBirthLabel(racer.date_of_birth)}</dd>
              <dt>Gender</dt>
              <dd>{genderLabel(racer.gender)}</dd>
              <dt>Ski/Snowboard</dt>
              <dd>{disciplineLabel(racer.ski_or_board)}</dd>
              <dt>Club</dt>
              <dd>
                <abbr title={club.title}>{club.code}</abbr>
              </dd>
            </dl>
            <DecisionButtons racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} grow />
          </Paper>
        );
      })}
    </ul>
  );
}

function NoRacers() {
  return (
    <EmptyState
      py="lg"
      size="sm"
      icon={<IconUserSearch aria-hidden />}
      withIndicatorBackground
      title={RACER_MSG.noRacers}
      description="Try another status or search."
    />
  );
}

function StatusBadge({ status }: { status: RacerStatus }) {
  return (
    <Badge color={RACER_STATUS_COLOR[status]} variant="filled" autoContrast tt="none" w="max-content">
      {RACER_STATUS_LABEL[status]}
    </Badge>
  );
}

/** Approve and Reject, named with the racer for screen readers; the one for the racer's current
 * state is disabled, and both while a decision is under way. Disabled buttons keep their place in
 * the tab order, so focus is not lost when a decision lands. */
function DecisionButtons({
  racer,
  busy,
  onDecide,
  grow = false,
}: {
  racer: RacerProfile;
  busy: RacerDecision | undefined;
  onDecide: (decision: RacerDecision) => void;
  grow?: boolean;
}) {
  const name = racerName(racer.user);
  const status = racer.is_racer_confirmed;
  const button = (decision: RacerDecision) => {
    const approve = decision === 'APPROVED';
    const off = status === decision || busy !== undefined;
    const Icon = approve ? IconCheck : IconX;
    return (
      <Button
        size="compact-sm"
        variant={approve ? 'filled' : 'outline'}
        color={approve ? 'teal.9' : 'red.9'}
        leftSection={busy === decision ? <Loader size={12} color="currentColor" /> : <Icon size={14} aria-hidden />}
        aria-label={`${approve ? 'Approve' : 'Reject'} racer ${name}`}
        aria-busy={busy === decision || undefined}
        data-decision={decision}
        className={classes.decision}
        {...softDisabled(off)}
        onClick={() => {
          if (!off) onDecide(decision);
        }}
        style={grow ? { flex: 1 } : undefined}
      >
        {approve ? 'Approve' : 'Reject'}
      </Button>
    );
  };
  return (
    <Group gap={6} wrap="nowrap" mt={grow ? 'xs' : undefined}>
      {button('APPROVED')}
      {button('REJECTED')}
    </Group>
  );
}

/** After a decision: focus stays where it is if it still can; otherwise it goes to the decided
 * racer's row if it is still listed, else to the row now in its place (or the one above), else
 * to the list. Only what is shown at this width counts. */
function restoreFocus(box: HTMLElement | null, wish: FocusWish): void {
  if (!box || activeElement()) return;
  const shown = (el: Element) => el.getClientRects().length > 0;
  const rows = [...box.querySelectorAll<HTMLElement>('[data-racer]')].filter(shown);
  const same = rows.find((row) => row.dataset.racer === String(wish.racerId));
  const target =
    same?.querySelector<HTMLElement>(`[data-decision="${wish.decision}"]`) ??
    (rows[wish.index] ?? rows[wish.index - 1])?.querySelector<HTMLElement>('[data-decision]:not([aria-disabled])') ??
    box;
  target.focus();
}
