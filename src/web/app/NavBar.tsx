import { Anchor, Box, Burger, Button, Group, Menu } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconExternalLink, IconSnowflake } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useLogout } from '../accounts/useLogout.ts';
import { useModalStore } from '../ui/modal-store.ts';
import responsive from '../ui/responsive.module.css';
import { useAssociation } from '../ui/useAssociation.ts';
import { CartIndicator } from './CartIndicator.tsx';
import classes from './NavBar.module.css';
import { NavDrawer } from './NavDrawer.tsx';
import { ABOUT_GROUP, HOME_LINK, isActive, MAIN_LINKS, type NavItem, POLICIES_LINK } from './nav-links.ts';
import { NARROW_QUERY, paths } from './paths.ts';
import { UserMenu } from './UserMenu.tsx';

/** Keeps the bar's height in the CSS variable --piste-nav-height, which hash targets use as their
 * scroll margin (RootLayout.module.css): the bar is taller when its account area wraps. */
function useNavHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--piste-nav-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--piste-nav-height');
    };
  }, []);
  return ref;
}

/** The navigation bar (doc 1 §2). On screens of 768 px or less it is a burger opening a slide-in
 * side menu with the same links. Both forms are rendered and CSS shows one (responsive.module.css),
 * so the server and the first render in the browser agree. */
export function NavBar() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const association = useAssociation();
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const ref = useNavHeight();
  // the side menu closes when the screen becomes wide (a rotated tablet); read after the first render
  const narrow = useMediaQuery(NARROW_QUERY);
  useEffect(() => {
    if (narrow === false) drawer.close();
  }, [narrow, drawer]);

  const brand = (
    <Anchor
      component={Link}
      to={paths.home}
      underline="never"
      c="blue.8"
      fw={800}
      fz="xl"
      aria-label={`${association.name} home`}
      className={classes.brand}
    >
      <IconSnowflake size={26} aria-hidden />
      {association.code}
    </Anchor>
  );

  return (
    <Box component="header" ref={ref} className={classes.bar}>
      <Group justify="space-between" wrap="nowrap" className={responsive.narrowOnly}>
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
      </Group>
      {/* between the phone breakpoint and a wide screen the account area drops to a second row */}
      <Group justify="space-between" wrap="wrap" gap="xs" className={responsive.wideOnly}>
        <Group gap="lg" wrap="nowrap">
          {brand}
          <DesktopLinks />
        </Group>
        <AccountArea />
      </Group>
      <NavDrawer opened={drawerOpened} onClose={drawer.close} title={association.name} />
    </Box>
  );
}

/** A link of the bar, highlighted on its own page. */
function BarLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  const active = isActive(pathname, item.to);
  return (
    <Button
      component={Link}
      to={item.to}
      variant={active ? 'light' : 'subtle'}
      color={active ? 'blue' : 'gray'}
      c={active ? undefined : 'dark.8'}
      aria-current={active ? 'page' : undefined}
      px="xs"
    >
      {item.label}
    </Button>
  );
}

function DesktopLinks() {
  const { pathname } = useLocation();
  const aboutActive = ABOUT_GROUP.some((item) => isActive(pathname, item.to));

  return (
    <nav aria-label="Main">
      <Group gap={2} wrap="nowrap">
        <BarLink item={HOME_LINK} />
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
        {MAIN_LINKS.map((item) => (
          <BarLink key={item.to} item={item} />
        ))}
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

/** Log In and Register; or, logged in: the cart, Admin (admins), My Profile, the initials menu and
 * Logout, at every width above the phone breakpoint. */
function AccountArea() {
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
      {isAdmin && <BarLink item={{ label: 'Admin', to: paths.admin }} />}
      <BarLink item={{ label: 'My Profile', to: paths.profile }} />
      <UserMenu />
      <Button variant="subtle" color="gray" c="dark.8" px="xs" onClick={() => void logout()}>
        Logout
      </Button>
    </Group>
  );
}
