import { Stack, Tabs, Title } from '@mantine/core';
import { IconBuildingCommunity, IconTextCaption } from '@tabler/icons-react';
import { useState } from 'react';
import { ClubDetailsPanel } from './ClubDetailsPanel.tsx';
import { SiteTextPanel } from './SiteTextPanel.tsx';

type Tab = 'clubs' | 'text';

/** Edit Content (doc 2 §2 'editContent'): the spec's Club Details panel has no key of its own, so
 * it is this panel's first tab; the second edits the site's text blocks (issue 3). */
export function EditContentPanel() {
  const [tab, setTab] = useState<Tab>('clubs');
  return (
    <Stack gap="lg">
      <Title order={2}>Edit Content</Title>
      <Tabs value={tab} onChange={(value) => setTab(value === 'text' ? 'text' : 'clubs')} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="clubs" leftSection={<IconBuildingCommunity size={16} aria-hidden />}>
            Club Details
          </Tabs.Tab>
          <Tabs.Tab value="text" leftSection={<IconTextCaption size={16} aria-hidden />}>
            Site Text
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clubs">
          <ClubDetailsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="text">
          <SiteTextPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
