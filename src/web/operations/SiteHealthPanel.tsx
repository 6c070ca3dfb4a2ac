import { Alert, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMaintenanceStore } from '../maintenance/store.ts';
import { LoadFailed } from '../people/admin/ListParts.tsx';
import { type SiteHealth, size, useSiteHealth, when } from './api.ts';
import { PreflightCheck } from './PreflightCheck.tsx';

/**
 * Site health (issue 25), for super administrators: each watched condition green or raised (with
 * what was found and since when), the last backup, and the pre-flight check. The same alerts go
 * by e-mail to the operations address (OPS_EMAIL), once when raised and once when cleared.
 */
export function SiteHealthPanel() {
  const health = useSiteHealth();
  const backup = health.data?.last_backup;
  const inMaintenance = useMaintenanceStore((s) => s.isInMaintenance);
  return (
    <Stack gap="md">
      <Title order={2}>Site health</Title>
      {inMaintenance && (
        <Alert color="orange" title="Maintenance mode is on">
          Visitors and signed-in users see the maintenance page; only super administrators see the site. Turn it off in
          Maintenance Mode.
        </Alert>
      )}
      {health.isError ? (
        <LoadFailed
          title="Site health could not be loaded"
          retrying={health.isFetching}
          onRetry={() => health.refetch()}
        />
      ) : (
        <>
          {health.data?.from_memory && (
            <Alert color="red" title="The database cannot be read">
              These alerts are what this server knows by itself; they are recorded and e-mailed once the database takes
              writes again.
            </Alert>
          )}
          <Table aria-label="Conditions" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Condition</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(health.data?.alerts ?? []).map((a) => (
                <Table.Tr key={a.kind}>
                  <Table.Td>{a.title}</Table.Td>
                  <Table.Td>
                    {a.raised ? (
                      <Badge color="red">Raised{a.since ? ` since ${when(a.since)}` : ''}</Badge>
                    ) : a.notice ? (
                      <Badge color="orange.9">Warning</Badge>
                    ) : (
                      <Badge color="green">OK</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {a.raised ? a.detail : (a.notice ?? (a.cleared_at ? `Cleared ${when(a.cleared_at)}` : ''))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text data-testid="last-backup">
            {health.isPending
              ? 'Last backup: …'
              : backup
                ? `Last backup: ${when(backup.finished_at ?? backup.started_at)}, ${backup.status}, ${size(backup.bytes)}${backup.error ? ` (${backup.error})` : ''}`
                : 'Last backup: never'}
          </Text>
          <DiskLine disk={health.data?.disk} pending={health.isPending} />
        </>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3}>Before entries open</Title>
          <Text size="sm" c="dimmed">
            Checks the payment providers, the card webhook, the mail server and the last backup, and for an event its
            registration window, places and price.
          </Text>
          <PreflightCheck />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Free space where the server writes, all the time; a warning when it runs low. */
function DiskLine({ disk, pending }: { disk: SiteHealth['disk'] | undefined; pending: boolean }) {
  if (pending) return <Text>Free space: …</Text>;
  if (!disk) return <Text data-testid="disk-space">Free space: not measured (the server keeps nothing on disk)</Text>;
  const share = disk.total_bytes > 0 ? Math.round((100 * disk.free_bytes) / disk.total_bytes) : 0;
  const line = `Free space: ${size(disk.free_bytes)} of ${size(disk.total_bytes)} (${share} %) in ${disk.path}`;
  if (!disk.low) return <Text data-testid="disk-space">{line}</Text>;
  return (
    <Alert color="orange" title="The disk is nearly full" data-testid="disk-space">
      {line}. Below 10 % or 1 GB the site may soon be unable to save entries and payments: remove old backups or logs,
      or give the server more space.
    </Alert>
  );
}

/** The pre-flight check alone, for club administrators (they open entries). */
export function PreflightPanel() {
  return (
    <Stack gap="md">
      <Title order={2}>Before Entries Open</Title>
      <Text size="sm" c="dimmed">
        Run this before an event's entries open: each line is green, or says what to fix.
      </Text>
      <PreflightCheck />
    </Stack>
  );
}
