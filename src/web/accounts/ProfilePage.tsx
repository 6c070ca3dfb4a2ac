import '../ui/all-styles.ts';
import { Container, Paper, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconDatabase,
  IconKey,
  IconShieldLock,
  IconTicket,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { NARROW_QUERY } from '../app/paths.ts';
import { MyEntries } from '../payments/MyEntries.tsx';
import { LinkedAccounts } from '../people/LinkedAccounts.tsx';
import { CalendarFeed } from './CalendarFeed.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DataRights } from './DataRights.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { useProfileStore } from './store.ts';

const SECTIONS = [
  { value: 'details', label: 'Profile Details', icon: IconUser },
  { value: 'linked', label: 'Linked Accounts', icon: IconUsers },
  { value: 'entries', label: 'My Entries', icon: IconTicket },
  { value: 'calendar', label: 'Calendar', icon: IconCalendarEvent },
  { value: 'password', label: 'Change Password', icon: IconKey },
  { value: 'security', label: 'Security', icon: IconShieldLock },
  { value: 'data', label: 'Your Data', icon: IconDatabase },
] as const;

/** Sections only administrators see (an authenticator: docs/decisions/0047). */
const ADMIN_ONLY: readonly string[] = ['security'];

/** My Profile (/profile, login required): a side menu with Profile Details, Linked Accounts, My
 * Entries, Calendar (issue 27), Change Password (doc 1 §2 Account screens), for administrators
 * Security (an authenticator app, issue 27), and Your Data (issue 27). On narrow screens the menu sits above the page.
 * Once the session ends (Logout on this page) it renders nothing, so it asks the server for
 * nothing while the app goes home. */
export function ProfilePage() {
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const isAdmin = useProfileStore((s) => s.isAdmin);
  const sections = SECTIONS.filter((s) => isAdmin || !ADMIN_ONLY.includes(s.value));
  // ?tab=entries opens a section directly (the booking success page links to My Entries)
  const [params] = useSearchParams();
  const wanted = params.get('tab');
  const opening = sections.some((s) => s.value === wanted) ? (wanted as string) : 'details';
  if (!isLoggedIn) return null;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        My Profile
      </Title>
      <Tabs
        defaultValue={opening}
        orientation={narrow ? 'horizontal' : 'vertical'}
        variant="pills"
        keepMounted={false}
        styles={{
          list: narrow ? { flexDirection: 'column', marginBottom: 'var(--mantine-spacing-md)' } : { minWidth: 200 },
          tabLabel: { textAlign: 'left' },
        }}
      >
        <Tabs.List aria-label="Profile menu">
          {sections.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <ProfileDetails />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="linked" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <LinkedAccounts />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="entries" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <MyEntries />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <CalendarFeed />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="password" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <ChangePasswordForm />
          </Paper>
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="security" pl={narrow ? 0 : 'lg'}>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <SecurityPanel />
            </Paper>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="data" pl={narrow ? 0 : 'lg'}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <DataRights />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
