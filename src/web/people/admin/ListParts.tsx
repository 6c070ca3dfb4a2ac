import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './ConfirmRacersPanel.module.css';

/** The pieces the back office's paged people lists share (Users, Confirm Racers, Link Requests):
 * the search box, the count line, the load failure with Retry, and the page links. */

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
