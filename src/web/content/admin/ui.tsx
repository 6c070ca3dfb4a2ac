import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { CardFacts, cardClasses } from '../../ui/CardFacts.tsx';
import { openConfirm } from '../../ui/confirm.ts';
import { EmptyList } from '../../ui/EmptyList.tsx';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import type { Editing } from './useEditing.ts';

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
    return <EmptyList title={empty} description={emptyHint} />;
  }
  return <>{children(query.data)}</>;
}

/** A column of a content list: its heading, and what each item shows under it. */
export interface ContentColumn<T> {
  head: string;
  cell: (item: T) => ReactNode;
  /** The table cell's widest (the question of an FAQ). */
  maw?: number;
  /** Bold: the column that names the item. */
  strong?: boolean;
  /** false: shown in the table only (the card's title already says it). */
  inCard?: boolean;
}

interface ContentListProps<T extends { id: number }> {
  /** The list's accessible name: 'FAQs'. */
  caption: string;
  items: readonly T[];
  columns: readonly ContentColumn<T>[];
  /** The card's title on a phone; the first column's cell unless given (that column is then left
   * out of the card's facts). */
  cardTitle?: (item: T) => ReactNode;
  /** Names the item for screen readers ("Edit FAQ: Who can race?"). */
  label: (item: T) => string;
  /** The panel's form state: the item being edited is tinted; Edit and Delete act through it. */
  editor: Pick<Editing<T>, 'isEditing' | 'edit' | 'askDelete'>;
  minWidth?: number;
}

/**
 * A content panel's list (FAQs, clubs, team members, documents): a table above 768 px, one card
 * per item at 768 px or less (both rendered; responsive.module.css shows one, so no column hides
 * behind the actions on a phone). Each item has Edit and Delete, named with the item.
 */
export function ContentList<T extends { id: number }>(props: ContentListProps<T>) {
  const { caption, items, columns, label, minWidth = 480 } = props;
  const { isEditing: active, edit: onEdit, askDelete: onDelete } = props.editor;
  const itemKey = (item: T) => item.id;
  const [first, ...others] = columns;
  const title = props.cardTitle ?? ((item: T) => first?.cell(item));
  const facts = (props.cardTitle ? columns : others).filter((c) => c.inCard !== false);
  return (
    <>
      <div className={responsive.wideOnly}>
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table verticalSpacing="sm" aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.head} scope="col">
                    {c.head}
                  </Table.Th>
                ))}
                <Table.Th scope="col" w={100}>
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr
                  key={itemKey(item)}
                  bg={active(item) ? 'blue.0' : undefined}
                  data-editing={active(item) || undefined}
                >
                  {columns.map((c) => (
                    <Table.Td key={c.head} fw={c.strong ? 600 : undefined} maw={c.maw}>
                      {c.cell(item)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RowActions label={label(item)} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <ul className={`${responsive.narrowOnly} ${cardClasses.cards}`} aria-label={caption}>
        {items.map((item) => (
          <Paper
            component="li"
            key={itemKey(item)}
            withBorder
            radius="md"
            p="sm"
            className={cardClasses.card}
            data-active={active(item) || undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div className={cardClasses.title} style={{ minWidth: 0 }}>
                {title(item)}
              </div>
              <RowActions label={label(item)} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
            </Group>
            {facts.length > 0 && <CardFacts facts={facts.map((c) => [c.head, c.cell(item)] as const)} />}
          </Paper>
        ))}
      </ul>
    </>
  );
}

/** File inputs: the placeholder in the theme's dimmed grey, which keeps 4.5:1 contrast. */
export const FILE_INPUT_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } } as const;

/** Edit and Delete for one item; `label` names it for screen readers ("Edit FAQ: Who can race?"). */
function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
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
  );
}

export interface ConfirmDelete {
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
