import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { openConfirm } from '../ui/confirm.ts';
import { softDisabled } from '../ui/focus.ts';
import { ResultAlert, useTimedResult } from '../ui/ResultAlert.tsx';
import { MAINTENANCE_MSG, TOGGLE_RESULT_MS } from './messages.ts';
import { useMaintenanceStore } from './store.ts';

/** The admin Maintenance Mode panel (doc 2 §2, §4, §8): status, the toggle (with a confirmation
 * before enabling) and a result message that disappears after 5 seconds. Super administrators only. */
export function MaintenancePanel() {
  const isInMaintenance = useMaintenanceStore((s) => s.isInMaintenance);
  const setEnabled = useMaintenanceStore((s) => s.setEnabled);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useTimedResult(TOGGLE_RESULT_MS);

  useEffect(() => {
    void useMaintenanceStore.getState().refresh();
  }, []);

  const toggle = async (enable: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      const res = await api.post<{ is_enabled: boolean }>(
        '/maintenance/toggle/',
        { is_enabled: enable },
        { auth: true },
      );
      setEnabled(res.is_enabled);
      setResult({ kind: 'success', message: res.is_enabled ? MAINTENANCE_MSG.enabled : MAINTENANCE_MSG.disabled });
    } catch (error) {
      setResult({ kind: 'error', message: serverMessage(error, MAINTENANCE_MSG.toggleFailed) });
    } finally {
      setBusy(false);
    }
  };

  const onToggle = () => {
    if (busy) return;
    if (isInMaintenance) {
      void toggle(false);
      return;
    }
    openConfirm({
      title: 'Enable maintenance mode?',
      children: (
        <Text size="sm">
          Every visitor who is not a Super Administrator will see the maintenance page straight away, and signed-in
          users will be redirected to it.
        </Text>
      ),
      labels: { confirm: 'Enable', cancel: 'Cancel' },
      onConfirm: () => void toggle(true),
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Maintenance Mode</Title>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="sm">
            <Text fw={600}>Status:</Text>
            <Badge
              size="lg"
              color={isInMaintenance ? 'red.9' : 'teal.9'}
              variant="filled"
              leftSection={isInMaintenance ? <IconAlertTriangle size={14} aria-hidden /> : undefined}
              data-testid="maintenance-status"
            >
              {isInMaintenance ? 'Site in Maintenance' : 'Site Online'}
            </Badge>
          </Group>
          <Button color={isInMaintenance ? 'teal.9' : 'red.9'} onClick={onToggle} {...softDisabled(busy)}>
            {busy ? 'Processing...' : isInMaintenance ? 'Disable Maintenance Mode' : 'Enable Maintenance Mode'}
          </Button>
        </Group>
        <ResultAlert result={result} />
      </Paper>
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title="How maintenance mode works"
      >
        <List size="sm" spacing={4}>
          <List.Item>While it is on, regular users see a maintenance page instead of the site.</List.Item>
          <List.Item>Only Super Administrators can bypass it and keep using the site.</List.Item>
          <List.Item>The change takes effect immediately.</List.Item>
          <List.Item>Users with active sessions are redirected to the maintenance page.</List.Item>
        </List>
      </Alert>
    </Stack>
  );
}
