import { Button, Group, NumberInput, Paper, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDownload, IconLink, IconNumbers, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { csvFileName } from '../../domain/csv.ts';
import { POINTS_CLUBS } from '../../domain/results/clubs.ts';
import { type AllocationOrder, HIGHEST_BIB } from '../../domain/start-lists/allocate.ts';
import { parseReserved } from '../../domain/start-lists/reserved.ts';
import { serverMessage } from '../api/server-error.ts';
import { openConfirm } from '../ui/confirm.ts';
import { downloadCsv } from '../ui/download.ts';
import { toast } from '../ui/toast.ts';
import { START_LIST_KEYS, type StartList, startListsApi } from './api.ts';
import classes from './StartList.module.css';

const CLUB_OPTIONS = POINTS_CLUBS.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));

/** The link to the club race: the results' year and points club (docs/decisions/0048). */
function LinkForm({ list }: { list: StartList }) {
  const client = useQueryClient();
  const eventYear = Number(list.event.date.slice(0, 4));
  const [year, setYear] = useState<string | null>(String(list.link?.results_year ?? eventYear));
  const [club, setClub] = useState<string | null>(list.link?.results_club ?? null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // the event's own year either side, and this season (an autumn event may count for it)
  const years = [...new Set([eventYear - 1, eventYear, eventYear + 1, new Date().getFullYear()])]
    .sort((a, b) => b - a)
    .map(String);
  const save = async () => {
    if (!club || !year) return setError('Choose the club race’s year and club.');
    setSaving(true);
    setError(null);
    try {
      await startListsApi.link(list.event.id, { results_year: Number(year), results_club: club });
      toast.admin('success', `${list.event.name} is linked to the ${club} ${year} club race.`);
      await client.invalidateQueries({ queryKey: START_LIST_KEYS.all });
    } catch (e) {
      setError(serverMessage(e, 'Failed to save the link'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" className={classes.screen}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Club race
        </Title>
        <Text size="sm" c="dimmed">
          {list.link
            ? `Linked to the ${list.link.results_club} ${list.link.results_year} club race: categories are for ${list.link.results_year}, and that club’s results import matches bibs here.`
            : 'Not linked yet. Link the event to its club race to allocate bibs and match results.'}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select label="Results year" data={years} value={year} onChange={setYear} w={140} allowDeselect={false} />
          <Select
            label="Points club"
            placeholder="Choose the club"
            data={CLUB_OPTIONS}
            value={club}
            onChange={setClub}
            w={{ base: '100%', sm: 320 }}
            error={error}
          />
          <Button leftSection={<IconLink size={16} aria-hidden />} onClick={() => void save()} loading={saving}>
            Save link
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Bib allocation: order, first bib, reserved numbers; all afresh (confirmed when bibs exist) or new entrants only. */
function AllocateForm({ list }: { list: StartList }) {
  const client = useQueryClient();
  const [order, setOrder] = useState<AllocationOrder>(list.link?.allocation_order ?? 'category');
  const [firstBib, setFirstBib] = useState<number | string>(list.link?.first_bib ?? 1);
  const [reserved, setReserved] = useState(list.link?.reserved ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = parseReserved(reserved).problems;
  const withBib = list.entries.filter((e) => e.bib !== null).length;
  const withoutBib = list.entries.length - withBib;
  const first = typeof firstBib === 'number' ? firstBib : Number.NaN;
  const firstProblem =
    Number.isInteger(first) && first >= 1 && first <= HIGHEST_BIB ? null : `A whole number from 1 to ${HIGHEST_BIB}`;

  const run = async (onlyNew: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await startListsApi.allocate(list.event.id, {
        order,
        first_bib: first,
        reserved,
        only_new: onlyNew,
      });
      toast.admin('success', answer.message);
      await client.invalidateQueries({ queryKey: START_LIST_KEYS.all });
    } catch (e) {
      setError(serverMessage(e, 'Failed to allocate bibs'));
    } finally {
      setBusy(false);
    }
  };
  const allocateAll = () =>
    withBib > 0
      ? openConfirm({
          title: 'Allocate every bib again?',
          children: (
            <Text size="sm">
              {withBib} entrant{withBib === 1 ? ' has' : 's have'} a bib already. Allocating again gives everyone a new
              number; printed lists and numbers already handed out will be wrong.
            </Text>
          ),
          labels: { confirm: 'Allocate again', cancel: 'Cancel' },
          onConfirm: () => void run(false),
        })
      : void run(false);

  const disabled = !list.link || problems.length > 0 || firstProblem !== null || list.entries.length === 0;
  return (
    <Paper withBorder p="md" className={classes.screen}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Bibs
        </Title>
        <Radio.Group label="Allocation order" value={order} onChange={(v) => setOrder(v as AllocationOrder)}>
          <Group gap="lg" mt={4}>
            <Radio value="category" label="Category order" />
            <Radio value="seeded" label="Draw within seed groups" />
          </Group>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {order === 'category'
            ? 'Categories in results order (Women then Men, U08 to MA4), then by name.'
            : 'Within each category: last season’s points, best first, in groups of 15 drawn at random; racers without points after them.'}
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="First bib"
            value={firstBib}
            onChange={setFirstBib}
            min={1}
            max={HIGHEST_BIB}
            allowDecimal={false}
            w={120}
            error={firstProblem}
          />
          <Textarea
            label="Reserved numbers"
            description="Skipped by the allocation, e.g. 1-9, 13, 99"
            value={reserved}
            onChange={(e) => setReserved(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={500}
            error={problems.length ? problems.join(' ') : null}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconNumbers size={16} aria-hidden />}
            onClick={allocateAll}
            loading={busy}
            disabled={disabled}
          >
            Allocate bibs
          </Button>
          {withBib > 0 && withoutBib > 0 && (
            <Button variant="outline" onClick={() => void run(true)} loading={busy} disabled={disabled}>
              Allocate new entrants only ({withoutBib})
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The link, the bibs, and the list's download and print. */
export function StartListEditor({ list }: { list: StartList }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCsv(
        `/start-lists/${list.event.id}/start-list.csv`,
        csvFileName(`${list.event.name} start list`, 'start-list'),
      );
    } catch {
      toast.admin('error', 'Failed to download CSV');
    } finally {
      setDownloading(false);
    }
  };
  const bibs = list.entries.filter((e) => e.bib !== null).length;
  return (
    <Stack gap="md">
      <LinkForm key={`link-${list.event.id}`} list={list} />
      <AllocateForm key={`bibs-${list.event.id}-${list.link?.results_year ?? ''}`} list={list} />
      <Group gap="sm" className={classes.screen}>
        <Text size="sm" fw={600}>
          {list.entries.length} entrant{list.entries.length === 1 ? '' : 's'}, {bibs} with a bib
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
          loading={downloading}
          disabled={bibs === 0}
        >
          Download CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
          disabled={list.entries.length === 0}
        >
          Print
        </Button>
      </Group>
    </Stack>
  );
}
