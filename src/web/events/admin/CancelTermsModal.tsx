import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { Product } from '../../../domain/events/index.ts';
import { type CancelTerms, suggestedDeadline } from '../../../domain/payments/cancellation.ts';
import { ApiError, api } from '../../api/client.ts';
import { serverMessage } from '../../api/server-error.ts';
import { useRefundSettings } from '../../payments/admin/refund-settings.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { toast } from '../../ui/toast.ts';
import { dayBeforeLabel, deadlineHint } from './cancel-words.ts';

const termsKey = (id: number) => ['admin', 'cancel-terms', id] as const;

/**
 * A race's cancellation terms (issue 27; docs/decisions/0051): until when (London date and 24-hour
 * time) a parent may cancel one entry, and the fee kept per entry. They apply only while refunds
 * through the site are on (Orders & Payments); an empty date means no cancelling through the site.
 * The deadline can be at most the race's date: the form names that date and offers the day before
 * (the administrator chooses); the server's refusals show beside their fields, what was typed kept.
 */
export function CancelTermsModal({ event, onClose }: { event: Product | null; onClose: () => void }) {
  const id = event?.id ?? 0;
  const terms = useQuery({
    queryKey: termsKey(id),
    queryFn: () => api.get<CancelTerms>(`/products/${id}/cancellation/`, { auth: true }),
    enabled: event !== null,
  });
  const settings = useRefundSettings(event !== null);
  const [until, setUntil] = useState('');
  const [time, setTime] = useState('');
  const [fee, setFee] = useState('0.00');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (!terms.data) return;
    setUntil(terms.data.cancel_until ?? '');
    setTime(terms.data.cancel_until_time ?? '');
    setFee(terms.data.cancel_fee);
    setErrors({});
  }, [terms.data]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      api.put<CancelTerms>(
        `/products/${id}/cancellation/`,
        { cancel_until: until, cancel_until_time: time, cancel_fee: fee },
        { auth: true },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(termsKey(id), saved);
      toast.success(`Cancellation terms of ${event?.name ?? 'the race'} saved.`);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toast.error(serverMessage(error, 'The terms could not be saved. Please try again.'));
    },
  });
  // the usual deadline, for the administrator to take or not (issue 35)
  const dayBefore = event ? suggestedDeadline(event.date) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate();
  };

  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={`Cancellations: ${event?.name ?? ''}`}
      size="md"
      // an icon button: named, or a screen reader hears only "button" (axe)
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {terms.isPending ? (
        <Loader size="sm" aria-label="Loading the terms" />
      ) : terms.isError ? (
        <Alert color="red" role="alert">
          The terms could not be loaded. Please try again.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Cancellation terms">
          <Stack gap="sm">
            {settings.data && !settings.data.enabled && (
              <Alert color="yellow">
                Refunds through the site are off (Orders &amp; Payments): parents cannot cancel entries until a super
                administrator turns them on.
              </Alert>
            )}
            <Text size="sm">
              A parent may cancel one entry until this date and time (UK time); what was paid less the fee is refunded.
              Leave the date empty for no cancelling through the site.
            </Text>
            <Stack gap={6}>
              <DayInput
                label="Cancel until"
                description={event ? deadlineHint(event.date) : undefined}
                value={until}
                onChange={setUntil}
                error={errors.cancel_until?.[0]}
              />
              {dayBefore && until !== dayBefore && (
                <Button
                  size="compact-sm"
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => setUntil(dayBefore)}
                >
                  {dayBeforeLabel(dayBefore)}
                </Button>
              )}
            </Stack>
            <TextInput
              label="Cancel until time"
              description="24-hour HH:MM; empty for the end of the day"
              placeholder="HH:MM"
              inputMode="numeric"
              maxLength={5}
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              error={errors.cancel_until_time?.[0]}
            />
            <TextInput
              label="Cancellation fee (£)"
              description="Kept from each cancelled entry"
              inputMode="decimal"
              value={fee}
              onChange={(e) => setFee(e.currentTarget.value)}
              error={errors.cancel_fee?.[0]}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save terms
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
