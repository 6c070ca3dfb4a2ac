import { Button, Text } from '@mantine/core';
import type { WaitingEntry } from '../../domain/waiting-list/shapes.ts';
import { openConfirm } from '../ui/confirm.ts';
import { waitingApi } from './api.ts';
import { useAnswer } from './queries.ts';

/** Leave the list (My Entries and the offer's page), after a confirmation that says what is lost:
 * the position, or the places an offer holds. */
export function LeaveButton({ entry }: { entry: WaitingEntry }) {
  const leave = useAnswer(waitingApi.leave);
  const ask = () =>
    openConfirm({
      title: `Leave the waiting list for ${entry.event.name}?`,
      children: (
        <Text size="sm">
          {entry.state === 'offered'
            ? 'The places held for you pass to the next family on the list at once.'
            : 'You lose your position on the list.'}
        </Text>
      ),
      labels: { confirm: 'Leave the list', cancel: 'Stay on it' },
      onConfirm: () => leave.mutate(entry.id),
    });
  return (
    <Button size="compact-sm" variant="default" loading={leave.isPending} onClick={ask}>
      Leave the list
    </Button>
  );
}
