import '../ui/all-styles.ts';
import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useLogout } from '../accounts/useLogout.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { useDrawerSection } from './drawer-section.ts';
import { ABOUT_GROUP, HOME_LINK, isActive, MAIN_LINKS, type NavItem, POLICIES_LINK } from './nav-links.ts';
import { paths } from './paths.ts';

/** The slide-in side menu of narrow screens (doc 1 §2): the bar's links (below the page's own
 * section, drawer-section.ts, e.g. the back office's panels); choosing one closes it.
 * NavBar loads it on the burger's first use and mounts it already asked to open: it follows
 * `opened` one render later, so that its first opening slides in like every other. */
export function NavDrawer({ opened, onClose, title }: { opened: boolean; onClose: () => void; title: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  const { pathname } = useLocation();
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const isAdmin = useProfileStore((s) => s.isAdmin);
  const openModal = useModalStore((s) => s.open);
  const logout = useLogout();
  // the page's own section (the back office's panels) comes first
  const Section = useDrawerSection((s) => s.section);

  const link = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      active={isActive(pathname, item.to)}
      onClick={onClose}
    />
  );

  return (
    <Drawer
      opened={shown}
      onClose={onClose}
      title={title}
      size="80%"
      position="left"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close navigation menu' }}
    >
      {Section && (
        <>
          <Section onClose={onClose} />
          <Divider my="xs" />
        </>
      )}
      <nav aria-label="Main">
        <Stack gap={0}>
          {link(HOME_LINK)}
          <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pt="sm" pb={4}>
            About
          </Text>
          {ABOUT_GROUP.map(link)}
          <Divider my="xs" />
          {MAIN_LINKS.map(link)}
          <NavLink
            component="a"
            href={POLICIES_LINK.to}
            target="_blank"
            rel="noopener noreferrer"
            label={POLICIES_LINK.label}
            rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
            onClick={onClose}
          />
          <Divider my="xs" />
          {isLoggedIn ? (
            <>
              {isAdmin && (
                <NavLink
                  component={Link}
                  to={paths.admin}
                  label="Admin"
                  leftSection={<IconSettings size={16} aria-hidden />}
                  active={isActive(pathname, paths.admin)}
                  onClick={onClose}
                />
              )}
              <NavLink
                component={Link}
                to={paths.profile}
                label="My Profile"
                leftSection={<IconUser size={16} aria-hidden />}
                active={isActive(pathname, paths.profile)}
                onClick={onClose}
              />
              <NavLink
                component="button"
                label="Logout"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => {
                  onClose();
                  void logout();
                }}
              />
            </>
          ) : (
            <Stack gap="sm" mt="sm">
              <Button
                onClick={() => {
                  onClose();
                  openModal('login');
                }}
              >
                Log In
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  onClose();
                  openModal('signup');
                }}
              >
                Register
              </Button>
            </Stack>
          )}
        </Stack>
      </nav>
    </Drawer>
  );
}
