import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconDownload, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, type Ref, useId } from 'react';
import responsive from '../../ui/responsive.module.css';
import classes from './ConfirmRacersPanel.module.css';
import type { PagedList } from './usePagedList.ts';

/** The pieces the back office's paged people lists share (Users, Confirm Racers, Link Requests):
 * the list's section with its toolbar (search box and filter), the count line, the load failure
 * with Retry, the table or cards, and the page links. */

interface PagedListSectionProps {
  /** The section's accessible name: 'User list'. */
  label: string;
  /** The list from usePagedList. */
  paged: PagedList;
  /** The search box's label and placeholder. */
  searchLabel: string;
  placeholder: string;
  /** Beside the search: the status or the sort. */
  filter: ReactNode;
  /** The count line: its test id, what it says while loading, and what it counts ('user'). */
  counted: { testId: string; loadingText: string; noun: string };
  /** The table (above 768 px) and the cards (at 768 px or less); both rendered, one shown. */
  table: ReactNode;
  cards: ReactNode;
  /** The page links' accessible name: 'User pages'. */
  pagesLabel: string;
  /** Instead of just turning the page (Confirm Racers also scrolls the list into view). */
  onPage?: (page: number) => void;
  /** Given, the section can take focus (where focus goes when its row is gone). */
  sectionRef?: Ref<HTMLDivElement>;
}

/** A paged people list: toolbar, count, the list (or its failure), and the page links. */
export function PagedListSection(props: PagedListSectionProps) {
  const { paged, counted, sectionRef } = props;
  const { list, query, pages } = paged;
  const loading = list.isPending;
  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      className={classes.section}
      ref={sectionRef}
      tabIndex={sectionRef ? -1 : undefined}
      aria-label={props.label}
    >
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
        <SearchBox label={props.searchLabel} placeholder={props.placeholder} {...paged.search} />
        {props.filter}
      </Group>

      <CountLine
        {...counted}
        loading={loading}
        count={paged.count}
        page={query.page}
        pages={pages}
        fetching={list.isFetching}
      />

      {list.isError && !list.data ? (
        <LoadFailed title={paged.failed} retrying={list.isFetching} onRetry={() => list.refetch()} />
      ) : (
        <div className={classes.list} aria-busy={list.isPlaceholderData || loading}>
          <div className={responsive.wideOnly}>{props.table}</div>
          <div className={responsive.narrowOnly}>{props.cards}</div>
        </div>
      )}

      <ListPages label={props.pagesLabel} page={query.page} pages={pages} onPage={props.onPage ?? paged.setPage} />
    </Paper>
  );
}

/** Above a list: Download CSV, and the button that adds to it (Create User, Add Participant). */
export function ListActions({
  downloading,
  onDownload,
  addLabel,
  onAdd,
}: {
  downloading: boolean;
  onDownload: () => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={downloading}
        onClick={onDownload}
      >
        Download CSV
      </Button>
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
}

/** The Status filter (Pending by default) above Confirm Racers and Link Requests. */
export function StatusFilter({
  filters,
  value,
  onChange,
}: {
  filters: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id={labelId}>
        Status
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={filters.map((f) => ({ value: f.value, label: f.label }))}
        value={value}
        onChange={onChange}
      />
    </Stack>
  );
}

export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onClear,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={100}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={onClear} /> : null}
      w={{ base: '100%', xs: 320 }}
    />
  );
}

/** "3 users · page 1 of 2", announced politely; a small spinner while a new page loads. */
export function CountLine({
  testId,
  loading,
  loadingText,
  count,
  noun,
  page,
  pages,
  fetching,
}: {
  testId: string;
  loading: boolean;
  loadingText: string;
  count: number;
  noun: string;
  page: number;
  pages: number;
  fetching: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" mb="xs" mih={24}>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={testId}>
        {loading
          ? loadingText
          : `${count} ${noun}${count === 1 ? '' : 's'}${pages > 1 ? ` · page ${Math.min(page, pages)} of ${pages}` : ''}`}
      </Text>
      {fetching && !loading && <Loader size="xs" aria-label="Updating the list" />}
    </Group>
  );
}

/** The list could not be read: the spec's message and a Retry. */
export function LoadFailed({
  title,
  retrying,
  onRetry,
  children,
}: {
  title: string;
  retrying: boolean;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        {children ?? <Text size="sm">The list could not be loaded. Check your connection and try again.</Text>}
        <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** The page links, named for screen readers; nothing when one page holds everything. */
export function ListPages({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        siblings={1}
        size="sm"
        getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
        })}
      />
    </Group>
  );
}

/** A people list's table (it scrolls sideways in its box): the heads, then the first page's
 * skeleton rows or the empty state, then the rows. */
export function PeopleTable({
  label,
  minWidth,
  head,
  columns,
  skeletonRows = 5,
  loading,
  empty,
  emptyState,
  children,
}: {
  label: string;
  minWidth: number;
  head: ReactNode;
  columns: number;
  skeletonRows?: number;
  loading: boolean;
  empty: boolean;
  emptyState: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableFiller loading={loading} empty={empty} rows={skeletonRows} columns={columns}>
            {emptyState}
          </TableFiller>
          {children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The Actions column's head; the column stays in view while the table scrolls sideways. */
export function ActionsHead() {
  return (
    <Table.Th scope="col" className={classes.actions}>
      Actions
    </Table.Th>
  );
}

/** A table's rows while its first page loads (skeletons), or its empty state in one wide cell. */
export function TableFiller({
  loading,
  empty,
  rows,
  columns,
  children,
}: {
  loading: boolean;
  empty: boolean;
  rows: number;
  columns: number;
  children: ReactNode;
}) {
  if (loading)
    return Array.from({ length: rows }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
      <Table.Tr key={i} className={classes.placeholderRow} aria-hidden>
        {Array.from({ length: columns }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  if (!empty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{children}</Table.Td>
    </Table.Tr>
  );
}
