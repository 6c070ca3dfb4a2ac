import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { RACER_MSG, type RacerDecision } from '../../../domain/people/racers.ts';
import { activeElement } from '../../ui/focus.ts';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import classes from './ConfirmRacersPanel.module.css';
import { CountLine, ListPages, LoadFailed, SearchBox } from './ListParts.tsx';
import { type Busy, RacerCards, RacersTable } from './RacerList.tsx';
import { type RacerProfile, type RacersQuery, useDecideRacer, useRacers } from './racers-api.ts';
import {
  DEFAULT_RACER_FILTER,
  decisionFailure,
  normaliseSearch,
  pageCount,
  parseRacerFilter,
  RACER_FILTERS,
} from './racers-model.ts';

/** The racer toasts: the success lasts 3 s (doc 2 §8); failures the admin area's 5 s. */
const SUCCESS_MS = 3000;
/** Search debounce (doc 2 §9). */
const SEARCH_DEBOUNCE_MS = 300;

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
          <SearchBox
            label="Search racers"
            placeholder={`Name, username, e-mail or ${code} ID`}
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
              data={RACER_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={query.status}
              onChange={changeStatus}
            />
          </Stack>
        </Group>

        <CountLine
          testId="racer-count"
          loading={loading}
          loadingText="Loading racers…"
          count={count}
          noun="racer"
          page={query.page}
          pages={pages}
          fetching={list.isFetching}
        />

        {list.isError && !list.data ? (
          <LoadFailed title={RACER_MSG.fetchFailed} retrying={list.isFetching} onRetry={() => list.refetch()} />
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

        <ListPages label="Racer pages" page={query.page} pages={pages} onPage={changePage} />
      </Paper>
    </Stack>
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
