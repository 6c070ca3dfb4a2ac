import { Badge, Box, Group, NavLink, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useDrawerSection } from '../app/drawer-section.ts';
import { NARROW_QUERY } from '../app/paths.ts';
import { PANELS, type PanelKey } from './panels.ts';
import { useAdminStore } from './store.ts';

/** How many contact messages are unread (issue 24), for the Messages entry. */
function useUnread(): number {
  return (
    useQuery({
      queryKey: ['admin', 'contact-messages', 'unread'],
      queryFn: ({ signal }) =>
        api.get<{ unread: number }>('/admin/contact-messages/unread-count/', { auth: true, signal }),
      refetchInterval: 60_000,
    }).data?.unread ?? 0
  );
}

/** The panels' list (doc 2 §2); super-admin entries are not shown to other admins. */
function PanelList({ onChosen }: { onChosen?: () => void }) {
  const selected = useAdminStore((s) => s.selectedMenuItem);
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const select = useAdminStore((s) => s.select);
  const unread = useUnread();
  const entries = PANELS.filter((p) => isSuper || !p.superOnly);
  const choose = (key: PanelKey) => {
    select(key);
    onChosen?.();
  };
  return (
    <nav aria-label="Admin">
      <Stack gap={2}>
        {entries.map((p) => (
          <NavLink
            key={p.key}
            component="button"
            type="button"
            label={p.label}
            active={p.key === selected}
            aria-current={p.key === selected ? 'page' : undefined}
            variant="filled"
            color="blue.9"
            onClick={() => choose(p.key)}
            rightSection={
              p.key === 'contactMessages' && unread > 0 ? (
                <Badge size="sm" color={p.key === selected ? 'gray.0' : 'blue'} aria-label={`${unread} unread`}>
                  {unread}
                </Badge>
              ) : p.superOnly ? (
                <Badge size="xs" variant="light" color={p.key === selected ? 'gray.0' : 'grape'} aria-hidden>
                  Super
                </Badge>
              ) : undefined
            }
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </Stack>
    </nav>
  );
}

/** The back office's section of the phone's side menu: its panels, above the site's links. */
function DrawerPanels({ onClose }: { onClose: () => void }) {
  return (
    <Box>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb={4}>
        Administration
      </Text>
      <PanelList onChosen={onClose} />
    </Box>
  );
}

/**
 * The admin side menu (doc 2 §2). On screens of 768 px or less the panels are in the site's side
 * menu (one menu button, issue 26; choosing a panel closes it) and a bar here names the panel
 * shown.
 */
export function SideMenu() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const setSection = useDrawerSection((s) => s.set);
  const selectedLabel = useAdminStore((s) => PANELS.find((p) => p.key === s.selectedMenuItem)?.label ?? '');

  useEffect(() => {
    if (!narrow) return;
    setSection(DrawerPanels);
    return () => setSection(null);
  }, [narrow, setSection]);

  if (narrow) {
    return (
      <Box px="md" py="xs" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {selectedLabel}
          </Text>
          <Text c="gray.7" size="xs" truncate>
            Other panels are in the menu
          </Text>
        </Group>
      </Box>
    );
  }

  return (
    <Box
      component="aside"
      w={260}
      p="sm"
      bg="gray.0"
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb="xs">
        Administration
      </Text>
      <PanelList />
    </Box>
  );
}
