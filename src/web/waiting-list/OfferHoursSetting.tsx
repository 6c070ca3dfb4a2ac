import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { OFFER_HOURS_MAX, OFFER_HOURS_MIN, WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import { useAdminStore } from '../admin/store.ts';
import { serverMessage } from '../api/server-error.ts';
import { toast } from '../ui/toast.ts';
import { WAITING_SETTINGS_KEY, waitingApi } from './api.ts';

/** How long a waiting-list offer lasts (issue 27): 48 hours unless a super administrator sets
 * 6 to 336; an offer also ends when entries close. Others see it. */
export function OfferHoursSetting() {
  const superAdmin = useAdminStore((s) => s.adminLevel === 'SUPER');
  const setting = useQuery({ queryKey: WAITING_SETTINGS_KEY, queryFn: () => waitingApi.settings() });
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (setting.data) setHours(setting.data.offer_hours);
  }, [setting.data]);
  const save = useMutation({
    mutationFn: (offer_hours: number) => waitingApi.saveSettings({ offer_hours }),
    onSuccess: (saved) => {
      queryClient.setQueryData(WAITING_SETTINGS_KEY, { offer_hours: saved.offer_hours });
      toast.admin('success', saved.message);
    },
    onError: (error) => setProblem(serverMessage(error, 'The setting could not be saved.')),
  });
  const submit = () => {
    const n = typeof hours === 'number' ? hours : Number.NaN;
    if (!Number.isInteger(n) || n < OFFER_HOURS_MIN || n > OFFER_HOURS_MAX) {
      setProblem(WAITING_MSG.offerHours);
      return;
    }
    setProblem(null);
    save.mutate(n);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Waiting-list offers last (hours)"
          value={hours}
          onChange={(v) => {
            setHours(v);
            setProblem(null);
          }}
          min={OFFER_HOURS_MIN}
          max={OFFER_HOURS_MAX}
          allowDecimal={false}
          allowNegative={false}
          disabled={!superAdmin || setting.isPending}
          error={problem}
          w={220}
        />
        {superAdmin && (
          <Button onClick={submit} loading={save.isPending} disabled={setting.isPending}>
            Save
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        A freed place is offered to the first family on a full race’s list for this long, or until entries close if
        sooner.{!superAdmin && ' Only a super administrator can change this.'}
      </Text>
    </Paper>
  );
}
