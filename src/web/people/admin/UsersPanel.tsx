import { Button, Group, Modal, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { USERS_MSG } from '../../../domain/people/users.ts';
import { useProfileStore } from '../../accounts/store.ts';
import { useAdminStore } from '../../admin/store.ts';
import { serverMessage } from '../../api/server-error.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { downloadCsv } from '../../ui/download.ts';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import classes from './ConfirmRacersPanel.module.css';
import { CreateUserForm } from './CreateUserForm.tsx';
import { EditUserForm } from './EditUserForm.tsx';
import { CountLine, ListPages, LoadFailed, SearchBox } from './ListParts.tsx';
import { racerName } from './racers-model.ts';
import { UserCards, UsersTable } from './UserList.tsx';
import { type UserProfile, useArchive, useRefreshPeople, useUsers } from './users-api.ts';
import {
  archiveRefusal,
  parseSort,
  SORT_OPTIONS,
  type UsersQuery,
  usersPageCount,
  usersQueryString,
} from './users-model.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Users (doc 2 §2 "Users panel", §4, §5, §8, §9): search (300 ms after typing stops), the ten
 * sorts (newest first by default; "Archived users" is the archived view), Download CSV, Create
 * User, 50 a page, Edit, and Archive or Restore after a confirmation.
 */
export function UsersPanel() {
  const { code } = useAssociation();
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const me = useProfileStore((s) => s.user?.id ?? null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<UsersQuery>({ page: 1, sort: 'id_desc', search: '' });
  const list = useUsers(query);
  const archive = useArchive();
  const refresh = useRefreshPeople();
  const [busy, setBusy] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserProfile | null>(null);
  const [downloading, setDownloading] = useState(false);
  const archivedView = query.sort === 'archived';

  const searchLater = useDebouncedCallback((value: string) => {
    setQuery((q) => (q.search === value ? q : { ...q, search: value, page: 1 }));
  }, SEARCH_DEBOUNCE_MS);

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.admin('error', USERS_MSG.fetchFailed);
  }, [failedAt]);

  const users = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pages = usersPageCount(count);
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && query.page > pages) setQuery((q) => ({ ...q, page: pages }));
  }, [list.data, list.isPlaceholderData, query.page, pages]);

  const onArchive = (user: UserProfile) => {
    const restoring = user.archived;
    const name = racerName(user.user);
    openConfirm({
      title: restoring ? 'Restore user' : 'Archive user',
      children: (
        <Text>
          {restoring
            ? `Restore ${name} (${user.user.username})? They can sign in and be entered for events again.`
            : `Archive ${name} (${user.user.username})? They can no longer sign in or be entered for events. Their bookings, results and ${code} ID are kept, and they can be restored.`}
        </Text>
      ),
      labels: { confirm: restoring ? 'Restore' : 'Archive', cancel: 'Cancel' },
      confirmProps: { color: restoring ? 'teal.9' : 'red.9' },
      onConfirm: async () => {
        setBusy(user.id);
        try {
          await archive.mutateAsync({ profileId: user.id, archived: !restoring });
          toast.admin('success', USERS_MSG.archivedOrRestored);
        } catch (error) {
          toast.admin('error', serverMessage(error, USERS_MSG.archiveFailed));
        } finally {
          setBusy(null);
        }
      },
    });
  };

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadCsv(
        `/profiles/export-csv/${usersQueryString({ sort: query.sort, search: query.search })}`,
        'users.csv',
      );
      toast.admin('success', USERS_MSG.csvDownloaded);
    } catch {
      toast.admin('error', USERS_MSG.csvFailed);
    } finally {
      setDownloading(false);
    }
  };

  const loading = list.isPending;
  const mayArchive = (user: UserProfile) => archiveRefusal({ id: me, isSuper }, user, !user.archived) === null;
  const rowProps = { code, archivedView, busy, onEdit: setEditing, onArchive, mayArchive };
  const noun = archivedView ? 'archived user' : 'user';

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>Users</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={onDownload}
          >
            Download CSV
          </Button>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create User
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" component="section" className={classes.section} aria-label="User list">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
          <SearchBox
            label="Search users"
            placeholder={`Name, username, e-mail or ${code} ID`}
            value={search}
            onChange={(value) => {
              setSearch(value);
              searchLater(value.trim());
            }}
            onClear={() => {
              setSearch('');
              searchLater.cancel();
              setQuery((q) => ({ ...q, search: '', page: 1 }));
            }}
          />
          <NativeSelect
            label="Sort"
            data={SORT_OPTIONS}
            value={query.sort}
            onChange={(e) => {
              const sort = parseSort(e.currentTarget.value);
              setQuery((q) => ({ ...q, sort, page: 1 }));
            }}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>

        <CountLine
          testId="user-count"
          loading={loading}
          loadingText="Loading users…"
          count={count}
          noun={noun}
          page={query.page}
          pages={pages}
          fetching={list.isFetching}
        />

        {list.isError && !list.data ? (
          <LoadFailed title={USERS_MSG.fetchFailed} retrying={list.isFetching} onRetry={() => list.refetch()} />
        ) : (
          <div className={classes.list} aria-busy={list.isPlaceholderData || loading}>
            <div className={responsive.wideOnly}>
              <UsersTable users={users} loading={loading} {...rowProps} />
            </div>
            <div className={responsive.narrowOnly}>
              <UserCards users={users} loading={loading} {...rowProps} />
            </div>
          </div>
        )}

        <ListPages
          label="User pages"
          page={query.page}
          pages={pages}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      </Paper>

      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create User"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close Create User' }}
      >
        <CreateUserForm
          onCreated={() => {
            setCreating(false);
            void refresh();
          }}
          onCancel={() => setCreating(false)}
        />
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${racerName(editing.user)}` : 'Edit user'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close Edit user' }}
      >
        {editing && (
          <EditUserForm
            user={editing}
            me={me}
            isSuper={isSuper}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
