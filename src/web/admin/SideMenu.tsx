import { Badge, Box, Burger, Collapse, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { NARROW_QUERY } from '../app/paths.ts';
import { PANELS, type PanelKey } from './panels.ts';
import { useAdminStore } from './store.ts';

/** The admin side menu (doc 2 §2). Super-admin entries are not shown to other admins. On
 * screens of 768 px or less the menu folds behind a toggle and choosing an entry closes it. */
export function SideMenu() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const [opened, menu] = useDisclosure(false);
  const selected = useAdminStore((s) => s.selectedMenuItem);
  const adminLevel = useAdminStore((s) => s.adminLevel);
  const select = useAdminStore((s) => s.select);
  const isSuper = adminLevel === 'SUPER';
  const entries = PANELS.filter((p) => isSuper || !p.superOnly);
  // the Messages entry shows how many contact messages are unread (issue 24)
  const unread =
    useQuery({
      queryKey: ['admin', 'contact-messages', 'unread'],
      queryFn: ({ signal }) =>
        api.get<{ unread: number }>('/admin/contact-messages/unread-count/', { auth: true, signal }),
      refetchInterval: 60_000,
    }).data?.unread ?? 0;
  const selectedLabel = PANELS.find((p) => p.key === selected)?.label ?? '';

  const choose = (key: PanelKey) => {
    select(key);
    if (narrow) menu.close();
  };

  const list = (
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

  if (narrow) {
    return (
      <Box px="sm" py="xs" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <UnstyledButton onClick={menu.toggle} aria-expanded={opened} aria-controls="admin-side-menu" w="100%" py={4}>
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} size="sm" component="span" aria-hidden />
            <Text fw={600}>Admin menu</Text>
            <Text c="gray.7" size="sm" truncate>
              {selectedLabel}
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={opened} id="admin-side-menu">
          <Box pt="xs">{list}</Box>
        </Collapse>
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
      {list}
    </Box>
  );
}
