import { Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { londonToday } from '../../../domain/dates.ts';
import { REFUND_KIND_LABEL, REFUND_KINDS } from '../../../domain/payments/money-by-race.ts';
import {
  type MoneyByRace as MoneyAnswer,
  type MoneyFigures,
  moneyCsvName,
} from '../../../domain/payments/money-records.ts';
import { api } from '../../api/client.ts';
import { LoadFailed } from '../../people/admin/ListParts.tsx';
import { CardFacts, cardClasses } from '../../ui/CardFacts.tsx';
import { downloadCsv } from '../../ui/download.ts';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';

const PROVIDER_LABEL = { stripe: 'Stripe', paypal: 'PayPal', demo: 'Demo' } as const;
const pounds = (v: string) => `£${v}`;

/** What went back, by why (only the causes with money), as the Refunded figure's detail. */
function refundParts(r: MoneyFigures): [string, string][] {
  const parts: [string, string][] = REFUND_KINDS.map((k) => [REFUND_KIND_LABEL[k], r[`refunded_${k}`]]);
  parts.push(['By hand', r.refunded_by_hand]);
  return parts.filter(([, v]) => v !== '0.00');
}

function Refunded({ r }: { r: MoneyFigures }) {
  const parts = refundParts(r);
  return (
    <>
      {pounds(r.refunded)}
      {parts.length > 0 && (
        <Text component="ul" size="xs" c="dimmed" m={0} pl={0} style={{ listStyle: 'none' }}>
          {parts.map(([label, v]) => (
            <li key={label}>
              {label}: {pounds(v)}
            </li>
          ))}
        </Text>
      )}
    </>
  );
}

/** The figures' columns: a label each, and how a row shows it. */
const COLUMNS: [string, (r: MoneyFigures) => ReactNode][] = [
  ['Entries paid', (r) => r.entries_paid],
  ['Money taken', (r) => pounds(r.taken)],
  ['Refunded', (r) => <Refunded r={r} />],
  ['Fees kept', (r) => pounds(r.fees_kept)],
  ['Still owed (queue)', (r) => pounds(r.owed)],
  ['On its way', (r) => pounds(r.on_its_way)],
  ['Net', (r) => <strong>{pounds(r.net)}</strong>],
];

function FiguresTable({
  label,
  first,
  rows,
  total,
}: {
  label: string;
  first: string;
  rows: { key: string; name: ReactNode; figures: MoneyFigures }[];
  total?: { name: string; figures: MoneyFigures };
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label={label} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            {COLUMNS.map(([name]) => (
              <Table.Th scope="col" key={name}>
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              {COLUMNS.map(([name, show]) => (
                <Table.Td key={name}>{show(row.figures)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {total && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{total.name}</Table.Th>
              {COLUMNS.map(([name, show]) => (
                <Table.Td key={name}>{show(total.figures)}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** At 768 px or less: a card per race (or provider), its figures as label and value. */
function FiguresCards({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; figures: MoneyFigures }[];
}) {
  return (
    <ul className={`${cardClasses.cards} ${responsive.narrowOnly}`} aria-label={label}>
      {rows.map((row) => (
        <Paper component="li" key={row.key} withBorder radius="md" p="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Text>
          <CardFacts facts={COLUMNS.map(([name, show]) => [name, show(row.figures)] as const)} />
        </Paper>
      ))}
    </ul>
  );
}

function raceName(r: MoneyAnswer['races'][number]): string {
  if (!r.date) return r.race;
  const [y, m, d] = r.date.split('-');
  return `${r.race} (${d}/${m}/${y})`;
}

function Figures({ data }: { data: MoneyAnswer }) {
  const label = data.period.label;
  if (data.races.length === 0) {
    return <Text data-testid="money-empty">No money was taken or refunded for payments made in {label}.</Text>;
  }
  const races = data.races.map((r) => ({ key: String(r.event_id ?? 'none'), name: raceName(r), figures: r }));
  const total = { key: 'total', name: `Total, ${label}`, figures: data.total };
  const providers = data.providers.map((p) => ({ key: p.provider, name: PROVIDER_LABEL[p.provider], figures: p }));
  return (
    <Stack gap="md">
      <div className={responsive.wideOnly}>
        <FiguresTable label={`Money by race, ${label}`} first="Race" rows={races} total={total} />
      </div>
      <FiguresCards label={`Money by race, ${label}`} rows={[...races, total]} />
      <Title order={4} size="h5">
        By provider
      </Title>
      <div className={responsive.wideOnly}>
        <FiguresTable label={`Money by provider, ${label}`} first="Provider" rows={providers} />
      </div>
      <FiguresCards label={`Money by provider, ${label}`} rows={providers} />
    </Stack>
  );
}

/**
 * Orders & Payments → Money by race (issue 35, the treasurer's view): for the payments made in a
 * season, each race's entries paid, money taken, refunds by why and by hand, fees kept, what is
 * still owed (the queue) or on its way, and net; by provider and in total; and the CSV for the
 * association's accounts, which adds up to payments.csv. Opened on demand: nothing is fetched
 * until the administrator asks for it.
 */
export function MoneyByRace() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const current = Number(londonToday().slice(0, 4));
  const [season, setSeason] = useState(current);
  const money = useQuery({
    queryKey: ['admin', 'money-by-race', season],
    queryFn: ({ signal }) =>
      api.get<MoneyAnswer>(`/admin/payments/money-by-race/?season=${season}`, { auth: true, signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const seasons = [...new Set([current, season, ...(money.data?.seasons ?? [])])].sort((a, b) => b - a);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadCsv(
      `/admin/payments/money-by-race/export-csv/?season=${season}`,
      moneyCsvName({ season, from: null, to: null }),
    )
      .catch(() => toast.error('The CSV could not be downloaded. Please try again.'))
      .finally(() => setDownloading(false));
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid="money-by-race"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={3} size="h4" id={`${id}-title`}>
              Money by race
            </Title>
            <Text size="sm" c="dimmed">
              For the association’s accounts: what each race took, gave back and still owes.
            </Text>
          </div>
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide money by race' : 'Show money by race'}
          </Button>
        </Group>
        {open && (
          <Stack gap="md" id={`${id}-body`}>
            <Group justify="space-between" align="flex-end" gap="sm">
              <NativeSelect
                label="Season (payments made in)"
                data={seasons.map(String)}
                value={String(season)}
                onChange={(e) => setSeason(Number(e.currentTarget.value))}
              />
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                variant="light"
                loading={downloading}
                onClick={download}
              >
                Download CSV
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Net is money taken less refunds made; refunds still owed or on their way are part of it until they are
              made. Fees kept are part of net. The CSV has a row per race and provider and adds up to payments.csv for
              the same payments.
            </Text>
            {money.isError ? (
              <LoadFailed
                title="Money by race could not be loaded"
                retrying={money.isFetching}
                onRetry={() => money.refetch()}
              >
                <Text size="sm">Check your connection and try again.</Text>
              </LoadFailed>
            ) : money.isPending ? (
              <Stack gap="xs" aria-busy>
                <Text size="sm" role="status">
                  Loading money by race…
                </Text>
                <Skeleton height={120} radius="md" aria-hidden />
              </Stack>
            ) : (
              <div aria-busy={money.isPlaceholderData}>
                <Figures data={money.data} />
              </div>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
