import { Badge, Button, Group, type GroupProps, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconUserSearch, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyList } from '../../ui/EmptyList.tsx';
import { softDisabled } from '../../ui/focus.ts';
import { type DecisionStatus, STATUS_COLOR, STATUS_LABEL } from '../status.ts';
import classes from './ConfirmRacersPanel.module.css';

/** The pieces the people lists' rows and phone cards share (Users, Confirm Racers, Link
 * Requests): the empty list, the placeholders while the first page loads, a card's head (name, username and a
 * badge), the status badge, and Approve/Reject. */

/** No one to list (in the table's wide cell, or instead of the cards). */
export function NoRows({ title, description }: { title: string; description: string }) {
  return <EmptyList icon={<IconUserSearch aria-hidden />} title={title} description={description} />;
}

/** Three grey cards while the first page loads. */
export function CardSkeletons({ height }: { height: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A person's card starts with their name, their username under it, and a badge beside them. */
export function PersonCardHead({ name, username, badge }: { name: string; username: string; badge: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {username}
        </Text>
      </div>
      {badge}
    </Group>
  );
}

/** Pending, Approved or Rejected, in colours that keep AA contrast. */
export function StatusBadge({ status }: { status: DecisionStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" autoContrast tt="none" w="max-content">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** What a row gives its Approve and Reject: the decision under way, and what choosing one does. */
export interface DecisionProps<D extends string> {
  busy: D | undefined;
  onDecide: (decision: D) => void;
  /** On a card: the buttons share the width. */
  grow?: boolean;
}

/**
 * Approve and Reject, each named for screen readers by `label`; the button for the current state
 * is disabled, and both while a decision is under way. Disabled buttons keep their place in the
 * tab order, so focus is not lost when a decision lands.
 */
export function DecisionButtons<D extends string>({
  decisions,
  current,
  busy,
  label,
  onDecide,
  grow = false,
  marked = false,
  ...group
}: DecisionProps<D> & {
  /** Approve's decision, then Reject's. */
  decisions: readonly [D, D];
  /** Whether a decision is the row's state already. */
  current: (decision: D) => boolean;
  label: (verb: 'Approve' | 'Reject') => string;
  /** Each button says its decision in data-decision (where focus is put back after one). */
  marked?: boolean;
} & Pick<GroupProps, 'mt' | 'style'>) {
  const button = (decision: D, approve: boolean) => {
    const off = current(decision) || busy !== undefined;
    const Icon = approve ? IconCheck : IconX;
    const verb = approve ? 'Approve' : 'Reject';
    return (
      <Button
        size="compact-sm"
        variant={approve ? 'filled' : 'outline'}
        color={approve ? 'teal.9' : 'red.9'}
        leftSection={busy === decision ? <Loader size={12} color="currentColor" /> : <Icon size={14} aria-hidden />}
        aria-label={label(verb)}
        aria-busy={busy === decision || undefined}
        data-decision={marked ? decision : undefined}
        className={classes.decision}
        {...softDisabled(off)}
        onClick={() => {
          if (!off) onDecide(decision);
        }}
        style={grow ? { flex: 1 } : undefined}
      >
        {verb}
      </Button>
    );
  };
  return (
    <Group gap={6} wrap="nowrap" {...group}>
      {button(decisions[0], true)}
      {button(decisions[1], false)}
    </Group>
  );
}
