import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAdminStore } from '../../admin/store.ts';
import { api } from '../../api/client.ts';
import { serverMessage } from '../../api/server-error.ts';
import { toast } from '../../ui/toast.ts';
import { REFUND_SETTINGS_KEY, useRefundSettings } from './refund-settings.ts';

/**
 * Refunds through the site (issue 27; docs/decisions/0051): off by default. While on, parents may
 * cancel one entry of a race that has cancellation terms (Bookings → Cancellations) and get what
 * they paid less the race's fee back. Only super administrators switch it; others see it.
 */
export function RefundSwitch() {
  const superAdmin = useAdminStore((s) => s.adminLevel === 'SUPER');
  const setting = useRefundSettings();
  const queryClient = useQueryClient();
  const turn = useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<{ enabled: boolean; message: string }>('/admin/refund-settings/', { enabled }, { auth: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(REFUND_SETTINGS_KEY, { enabled: saved.enabled });
      toast.success(saved.message);
    },
    onError: (error) => toast.error(serverMessage(error, 'The setting could not be saved. Please try again.')),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Switch
          label="Refunds through the site"
          checked={setting.data?.enabled ?? false}
          disabled={!superAdmin || setting.isPending || turn.isPending}
          onChange={(e) => turn.mutate(e.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {setting.data?.enabled
            ? 'On: parents can cancel one entry until the race’s deadline (Bookings → Cancellations) and get what they paid, less its fee, back.'
            : 'Off: refunds cannot be issued through this site; only the automatic ones (a lost place, a cancelled race) are made.'}
          {!superAdmin && ' Only a super administrator can change this.'}
        </Text>
      </Stack>
    </Paper>
  );
}
