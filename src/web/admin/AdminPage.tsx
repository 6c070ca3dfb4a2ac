import '../ui/all-styles.ts';
import { Alert, Anchor, Box, Center, Loader, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TOTP_MSG } from '../../domain/accounts/totp.ts';
import { useProfileStore } from '../accounts/store.ts';
import { keepAdminListsCurrent } from '../app/freshness.ts';
import { NARROW_QUERY, paths } from '../app/paths.ts';
import { queryClient } from '../app/providers.tsx';
import { MaintenancePanel } from '../maintenance/MaintenancePanel.tsx';
import { HealthBanners } from '../operations/HealthBanner.tsx';
import type { PanelKey } from './panels.ts';
import { SideMenu } from './SideMenu.tsx';
import { useAdminStore } from './store.ts';

const panel = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** The back office's lists are current (freshness.ts): set before any panel reads one. */
if (typeof window !== 'undefined') keepAdminListsCurrent(queryClient);

/** Every panel's view (each its own chunk but Maintenance Mode's). */
const PANEL_VIEWS: Record<PanelKey, ComponentType> = {
  bookings: panel(() => import('../events/admin/BookingsPanel.tsx'), 'BookingsPanel'),
  users: panel(() => import('../people/admin/UsersPanel.tsx'), 'UsersPanel'),
  confirmRacer: panel(() => import('../people/admin/ConfirmRacersPanel.tsx'), 'ConfirmRacersPanel'),
  linkRequests: panel(() => import('../people/admin/LinkRequestsPanel.tsx'), 'LinkRequestsPanel'),
  bookedParticipants: panel(() => import('../people/admin/BookedParticipantsPanel.tsx'), 'BookedParticipantsPanel'),
  startLists: panel(() => import('../start-lists/StartListsPanel.tsx'), 'StartListsPanel'),
  payments: panel(() => import('../payments/admin/PaymentsPanel.tsx'), 'PaymentsPanel'),
  editContent: panel(() => import('../content/admin/EditContentPanel.tsx'), 'EditContentPanel'),
  organizationDocuments: panel(
    () => import('../content/admin/OrganizationDocumentsPanel.tsx'),
    'OrganizationDocumentsPanel',
  ),
  teamMembers: panel(() => import('../content/admin/TeamMembersPanel.tsx'), 'TeamMembersPanel'),
  faqs: panel(() => import('../content/admin/FaqsPanel.tsx'), 'FaqsPanel'),
  governance: panel(() => import('../content/admin/GovernancePanel.tsx'), 'GovernancePanel'),
  contactMessages: panel(() => import('../content/admin/ContactMessagesPanel.tsx'), 'ContactMessagesPanel'),
  mail: panel(() => import('../mail/admin/FailingMailPanel.tsx'), 'FailingMailPanel'),
  preflight: panel(() => import('../operations/SiteHealthPanel.tsx'), 'PreflightPanel'),
  points: panel(() => import('../results/admin/PointsPanel.tsx'), 'PointsPanel'),
  teamGroupings: panel(() => import('../teams/admin/TeamGroupingsPanel.tsx'), 'TeamGroupingsPanel'),
  maintenance: MaintenancePanel,
  siteHealth: panel(() => import('../operations/SiteHealthPanel.tsx'), 'SiteHealthPanel'),
  securityLog: panel(() => import('../accounts/SecurityLogPanel.tsx'), 'SecurityLogPanel'),
};

/** /admin (doc 2 §2): the side menu and the selected panel. The route guard lets only admins in;
 * the admin level decides which entries show. The footer is hidden here (RootLayout). */
export function AdminPage() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const access = useProfileStore((s) => s.access);
  const user = useProfileStore((s) => s.user);
  const selected = useAdminStore((s) => s.selectedMenuItem);
  const secondFactorMissing = useAdminStore((s) => s.secondFactorMissing);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void useAdminStore
      .getState()
      .loadAdminLevel({ access, user })
      .then(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [access, user]);

  if (!ready) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading the admin area" />
      </Center>
    );
  }

  const Panel = PANEL_VIEWS[selected];
  return (
    <Box style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', minHeight: 'calc(100dvh - 60px)' }}>
      <SideMenu />
      <Box p={narrow ? 'md' : 'xl'} style={{ flex: 1, minWidth: 0 }}>
        <Title order={1} size="h3" mb="lg" c="gray.7">
          Administration
        </Title>
        <HealthBanners />
        {secondFactorMissing && (
          <Alert color="orange" icon={<IconShieldLock aria-hidden />} mb="lg" data-testid="second-factor-missing">
            <Text size="sm">{TOTP_MSG.requiredForSuper}</Text>
            <Anchor component={Link} to={`${paths.profile}?tab=security`} size="sm">
              Go to My Profile → Security
            </Anchor>
          </Alert>
        )}
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading panel" />
            </Center>
          }
        >
          <Panel />
        </Suspense>
      </Box>
    </Box>
  );
}
