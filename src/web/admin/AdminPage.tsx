import { Box, Center, Loader, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ComponentType, useEffect, useState } from 'react';
import { useProfileStore } from '../accounts/store.ts';
import { NARROW_QUERY } from '../app/paths.ts';
import { MaintenancePanel } from '../maintenance/MaintenancePanel.tsx';
import { type PanelKey, panelInfo } from './panels.ts';
import { SideMenu } from './SideMenu.tsx';
import { useAdminStore } from './store.ts';

/** The panels built so far; the rest say which issue brings them. */
const BUILT: Partial<Record<PanelKey, ComponentType>> = {
  maintenance: MaintenancePanel,
};

/** A panel that a later issue builds (the PlaceholderPage style, inside the admin area). */
function PanelPlaceholder({ panel }: { panel: PanelKey }) {
  const info = panelInfo(panel);
  return (
    <Box>
      <Title order={2}>{info.label}</Title>
      <Paper withBorder p="lg" mt="md" radius="md">
        <Text c="gray.7">This panel is not built yet: it arrives with {info.arrivesWith ?? 'a later issue'}.</Text>
      </Paper>
    </Box>
  );
}

/** /admin (doc 2 §2): the side menu and the selected panel. The route guard lets only admins in;
 * the admin level decides which entries show. The footer is hidden here (RootLayout). */
export function AdminPage() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const access = useProfileStore((s) => s.access);
  const user = useProfileStore((s) => s.user);
  const selected = useAdminStore((s) => s.selectedMenuItem);
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

  const Panel = BUILT[selected];
  return (
    <Box style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', minHeight: 'calc(100dvh - 60px)' }}>
      <SideMenu />
      <Box p={narrow ? 'md' : 'xl'} style={{ flex: 1, minWidth: 0 }}>
        <Title order={1} size="h3" mb="lg" c="gray.7">
          Administration
        </Title>
        {Panel ? <Panel /> : <PanelPlaceholder panel={selected} />}
      </Box>
    </Box>
  );
}
