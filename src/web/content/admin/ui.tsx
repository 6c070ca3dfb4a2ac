import {
  ActionIcon,
  Alert,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconInbox, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';

/** Shared pieces of the content panels: list states, row actions, the delete confirmation and
 * the form card. */

interface ListStateProps<T> {
  query: UseQueryResult<T[]>;
  /** Plural, lower case: 'FAQs', 'team members'. */
  what: string;
  /** Shown when the list is empty: 'No FAQs yet'. */
  empty: string;
  emptyHint?: string;
  children: (items: T[]) => ReactNode;
}

/** Loading, error (with Retry), empty, or the list itself. */
export function ListState<T>({ query, what, empty, emptyHint, children }: ListStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading {what}…</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={`Failed to load ${what}`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">The list could not be loaded. Check your connection and try again.</Text>
          <RetryButton query={query} />
        </Stack>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        py="lg"
        size="sm"
        icon={<IconInbox aria-hidden />}
        withIndicatorBackground
        title={empty}
        description={emptyHint}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** A table that scrolls sideways inside its own box on narrow screens. */
export function ContentTable({
  caption,
  minWidth = 560,
  head,
  children,
}: {
  caption: string;
  minWidth?: number;
  head: string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
            <Table.Th scope="col" w={100} style={STICKY}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** File inputs: the placeholder in the theme's dimmed grey, which keeps 4.5:1 contrast. */
export const FILE_INPUT_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } } as const;

/** The actions column stays in view while a wide table scrolls sideways on a phone. */
const STICKY = {
  position: 'sticky',
  right: 0,
  background: 'var(--row-bg, var(--mantine-color-body))',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-2)',
} as const;

/** A row of a content table; the row being edited is tinted. */
export function ContentRow({ active, children }: { active: boolean; children: ReactNode }) {
  const style = { '--row-bg': active ? 'var(--mantine-color-blue-0)' : undefined, background: 'var(--row-bg)' };
  return (
    <Table.Tr style={style} data-editing={active || undefined}>
      {children}
    </Table.Tr>
  );
}

/** Edit and Delete for one row; `label` names the row for screen readers ("Edit FAQ: Who can race?"). */
export function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Table.Td style={STICKY}>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit" withArrow>
          <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={onEdit} size="lg">
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete" withArrow>
          <ActionIcon
            variant="subtle"
            color="red.9"
            c="red.9"
            aria-label={`Delete ${label}`}
            onClick={onDelete}
            size="lg"
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Table.Td>
  );
}

interface ConfirmDelete {
  /** The modal's title: 'Delete FAQ?'. */
  title: string;
  /** What is deleted, named: 'the FAQ “Who can race?”'. */
  subject: ReactNode;
  /** Toasts after the delete: 'FAQ deleted'. */
  done: string;
  failed: string;
  run: () => Promise<unknown>;
}

/** Destructive actions ask first (doc 2 §4); the outcome is a toast either way. */
export function confirmDelete({ title, subject, done, failed, run }: ConfirmDelete): void {
  openConfirm({
    title,
    centered: true,
    children: (
      <Text size="sm">
        Are you sure you want to delete {subject}? This cannot be undone, and it disappears from the public site at
        once.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    styles: { title: { fontWeight: 700 } },
    onConfirm: () => {
      run().then(
        () => toast.admin('success', done),
        (error: unknown) => {
          console.error(failed, error);
          toast.admin('error', failed);
        },
      );
    },
  });
}

/** The create/edit form's box: its heading says the mode; Cancel leaves edit mode. */
export function FormCard({
  ref,
  title,
  editing,
  onCancel,
  children,
}: {
  ref?: Ref<HTMLDivElement>;
  title: string;
  editing: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Paper ref={ref} withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {editing && (
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel editing
          </Button>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/** The failure above a form (the fields keep what was typed). */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} mb="md">
      {message}
    </Alert>
  );
}

/** Submit when creating, Update when editing (doc 2 §2). */
export function SubmitButton({ editing, busy }: { editing: boolean; busy: boolean }) {
  return (
    <Group justify="flex-start" mt="md">
      <Button type="submit" loading={busy}>
        {editing ? 'Update' : 'Submit'}
      </Button>
    </Group>
  );
}

/** After choosing Edit: bring the form into view and put the cursor in its first field. */
export function focusForm(box: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (!box) return;
    box.scrollIntoView({ block: 'start', behavior: 'smooth' });
    box.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus({ preventScroll: true });
  });
}

/** Loads a failed query again; shown inside a red alert. */
export function RetryButton({ query, mt }: { query: Pick<UseQueryResult, 'isFetching' | 'refetch'>; mt?: string }) {
  return (
    <Button
      mt={mt}
      size="xs"
      variant="white"
      color="red"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    >
      Retry
    </Button>
  );
}
