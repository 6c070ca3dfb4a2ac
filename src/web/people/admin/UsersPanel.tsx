import { Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { USERS_MSG } from '../../../domain/people/users.ts';
import { useProfileStore } from '../../accounts/store.ts';
import { useAdminStore } from '../../admin/store.ts';
import { serverMessage } from '../../api/server-error.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { downloadCsv } from '../../ui/download.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { CreateUserForm } from './CreateUserForm.tsx';
import { EditUserForm } from './EditUserForm.tsx';
import { ListActions, PagedListSection } from './ListParts.tsx';
import { racerName } from './racers-model.ts';
import { UserCards, UsersTable } from './UserList.tsx';
import { usePagedList } from './usePagedList.ts';
import { type UserProfile, useArchive, useRefreshPeople, useUsers } from './users-api.ts';
import {
  archiveRefusal,
  parseSort,
  SORT_OPTIONS,
  type UsersQuery,
  usersPageCount,
  usersQueryString,
} from './users-model.ts';

/**
 * Users (doc 2 §2 "Users panel", §4, §5, §8, §9): search (300 ms after typing stops), the ten
 * sorts (newest first by default; "Archived users" is the archived view), Download CSV, Create
 * User, 50 a page, Edit, and Archive or Restore after a confirmation.
 */
export function UsersPanel() {
  const { code } = useAssociation();
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const me = useProfileStore((s) => s.user?.id ?? null);
  const paged = usePagedList<UsersQuery, UserProfile>({
    initial: { page: 1, sort: 'id_desc', search: '' },
    useList: useUsers,
    pageCount: usersPageCount,
    failed: USERS_MSG.fetchFailed,
  });
  const { query } = paged;
  const archive = useArchive();
  const refresh = useRefreshPeople();
  const [busy, setBusy] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserProfile | null>(null);
  const [downloading, setDownloading] = useState(false);
  const archivedView = query.sort === 'archived';

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

  const mayArchive = (user: UserProfile) => archiveRefusal({ id: me, isSuper }, user, !user.archived) === null;
  const rows = {
    users: paged.items,
    loading: paged.list.isPending,
    code,
    archivedView,
    busy,
    onEdit: setEditing,
    onArchive,
    mayArchive,
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>Users</Title>
        <ListActions
          downloading={downloading}
          onDownload={onDownload}
          addLabel="Create User"
          onAdd={() => setCreating(true)}
        />
      </Group>

      <PagedListSection
        label="User list"
        paged={paged}
        searchLabel="Search users"
        placeholder={`Name, username, e-mail or ${code} ID`}
        filter={
          <NativeSelect
            label="Sort"
            data={SORT_OPTIONS}
            value={query.sort}
            onChange={(e) => paged.refilter({ sort: parseSort(e.currentTarget.value) })}
            w={{ base: '100%', xs: 240 }}
          />
        }
        counted={{ testId: 'user-count', loadingText: 'Loading users…', noun: archivedView ? 'archived user' : 'user' }}
        table={<UsersTable {...rows} />}
        cards={<UserCards {...rows} />}
        pagesLabel="User pages"
      />

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
