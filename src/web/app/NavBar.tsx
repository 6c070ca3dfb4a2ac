import { Anchor, Box, Burger, Button, Group, Menu } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconExternalLink, IconSnowflake } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useLogout } from '../accounts/useLogout.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { useAssociation } from '../ui/useAssociation.ts';
import { CartIndicator } from './CartIndicator.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { ABOUT_GROUP, HOME_LINK, isActive, MAIN_LINKS, type NavItem, POLICIES_LINK } from './nav-links.ts';
import { NARROW_QUERY, paths } from './paths.ts';
import { UserMenu } from './UserMenu.tsx';

/** The navigation bar (doc 1 §2). On screens of 768 px or less it becomes a burger opening a
 * slide-in side menu with the same links. */
export function NavBar() {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const association = useAssociation();
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);

  const brand = (
    <Anchor
      component={Link}
      to={paths.home}
      underline="never"
      c="blue.8"
      fw={800}
      fz="xl"
      aria-label={`${association.name} home`}
      style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
    >
      <IconSnowflake size={26} aria-hidden />
      {association.code}
    </Anchor>
  );

  return (
    <Box
      component="header"
      px={narrow ? 'sm' : 'lg'}
      py={8}
      bg="white"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      {narrow ? (
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? 'Close navigation menu' : 'Open navigation menu'}
              size="sm"
            />
            {brand}
          </Group>
          {isLoggedIn && <CartIndicator />}
          <NavDrawer opened={drawerOpened} onClose={drawer.close} title={association.name} />
        </Group>
      ) : (
        // between the phone breakpoint and a wide screen the account area may drop to a second row
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="lg" wrap="nowrap">
            {brand}
            <DesktopLinks />
          </Group>
          <AccountArea />
        </Group>
      )}
    </Box>
  );
}

function DesktopLinks() {
  const { pathname } = useLocation();
  const link = (item: NavItem) => (
    <Button
      key={item.to}
      component={Link}
      to={item.to}
      variant={isActive(pathname, item.to) ? 'light' : 'subtle'}
      color={isActive(pathname, item.to) ? 'blue' : 'gray'}
      c={isActive(pathname, item.to) ? undefined : 'dark.8'}
      aria-current={isActive(pathname, item.to) ? 'page' : undefined}
      px="xs"
    >
      {item.label}
    </Button>
  );
  const aboutActive = ABOUT_GROUP.some((item) => isActive(pathname, item.to));

  return (
    <nav aria-label="Main">
      <Group gap={2} wrap="nowrap">
        {link(HOME_LINK)}
        <Menu
          trigger="click-hover"
          openDelay={50}
          closeDelay={150}
          position="bottom-start"
          shadow="md"
          withInitialFocusPlaceholder={false}
        >
          <Menu.Target>
            <Button
              variant={aboutActive ? 'light' : 'subtle'}
              color={aboutActive ? 'blue' : 'gray'}
              c={aboutActive ? undefined : 'dark.8'}
              px="xs"
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              About
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ABOUT_GROUP.map((item) => (
              <Menu.Item key={item.to} component={Link} to={item.to}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {MAIN_LINKS.map(link)}
        <Button
          component="a"
          href={POLICIES_LINK.to}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          c="dark.8"
          px="xs"
          rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
        >
          {POLICIES_LINK.label}
        </Button>
      </Group>
    </nav>
  );
}

function AccountArea() {
  const { pathname } = useLocation();
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const isAdmin = useProfileStore((s) => s.isAdmin);
  const openModal = useModalStore((s) => s.open);
  const logout = useLogout();

  if (!isLoggedIn) {
    return (
      <Group gap="xs" wrap="nowrap" ml="auto">
        <Button variant="default" onClick={() => openModal('login')}>
          Log In
        </Button>
        <Button onClick={() => openModal('signup')}>Register</Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" ml="auto">
      <CartIndicator />
      {isAdmin && (
        <Button
          component={Link}
          to={paths.admin}
          variant={isActive(pathname, paths.admin) ? 'light' : 'subtle'}
          color={isActive(pathname, paths.admin) ? 'blue' : 'gray'}
          c={isActive(pathname, paths.admin) ? undefined : 'dark.8'}
          px="xs"
        >
          Admin
        </Button>
      )}
      <Button
        component={Link}
        to={paths.profile}
        variant={isActive(pathname, paths.profile) ? 'light' : 'subtle'}
        color={isActive(pathname, paths.profile) ? 'blue' : 'gray'}
        c={isActive(pathname, paths.profile) ? undefined : 'dark.8'}
        px="xs"
        visibleFrom="lg"
      >
        My Profile
      </Button>
      <UserMenu />
      <Button variant="subtle" color="gray" c="dark.8" px="xs" onClick={() => void logout()} visibleFrom="lg">
        Logout
      </Button>
    </Group>
  );
}
