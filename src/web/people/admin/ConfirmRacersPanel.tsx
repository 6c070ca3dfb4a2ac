import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { RACER_MSG, type RacerDecision } from '../../../domain/people/racers.ts';
import { activeElement } from '../../ui/focus.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { PagedListSection, StatusFilter } from './ListParts.tsx';
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
import { usePagedList } from './usePagedList.ts';

/** The racer toasts: the success lasts 3 s (doc 2 §8); failures the admin area's 5 s. */
const SUCCESS_MS = 3000;

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
  const paged = usePagedList<RacersQuery, RacerProfile>({
    initial: { page: 1, status: DEFAULT_RACER_FILTER, search: '' },
    useList: useRacers,
    pageCount,
    failed: RACER_MSG.fetchFailed,
    normalise: normaliseSearch,
  });
  const { list, query } = paged;
  const decide = useDecideRacer();
  const [busy, setBusy] = useState<Busy>({});
  const focusWish = useRef<FocusWish | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);

  const changePage = (page: number) => {
    paged.setPage(page);
    const box = sectionRef.current;
    if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: 'start' });
  };

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

  const rows = { racers: paged.items, loading: list.isPending, code, busy, onDecide };

  return (
    <Stack gap="lg">
      <Title order={2}>Confirm Racers</Title>
      <Text c="dimmed" size="sm">
        Accounts that race wait here as Pending until an administrator approves or rejects them. Approving gives the
        racer the next {code} ID; only approved racers can be entered for races.
      </Text>

      <PagedListSection
        label="Racer list"
        sectionRef={sectionRef}
        paged={paged}
        searchLabel="Search racers"
        placeholder={`Name, username, e-mail or ${code} ID`}
        filter={
          <StatusFilter
            filters={RACER_FILTERS}
            value={query.status}
            onChange={(value) => paged.refilter({ status: parseRacerFilter(value) })}
          />
        }
        counted={{ testId: 'racer-count', loadingText: 'Loading racers…', noun: 'racer' }}
        table={<RacersTable {...rows} />}
        cards={<RacerCards {...rows} />}
        pagesLabel="Racer pages"
        onPage={changePage}
      />
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
