import { Anchor, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconSnowflake } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useLogout } from '../accounts/useLogout.ts';
import { useModalStore } from '../ui/modal-store.ts';
import responsive from '../ui/responsive.module.css';
import { useAssociation } from '../ui/useAssociation.ts';
import { AboutDisclosure } from './AboutDisclosure.tsx';
import classes from './NavBar.module.css';
import { HOME_LINK, isActive, MAIN_LINKS, type NavItem, POLICIES_LINK } from './nav-links.ts';
import { NARROW_QUERY, paths } from './paths.ts';

// The signed-in parts and the side menu load when they are first needed, so an anonymous visitor's
// first script carries neither (nor the Menu, Avatar, Drawer and ScrollArea they are made of).
const loadNavDrawer = () => import('./NavDrawer.tsx');
const NavDrawer = lazy(async () => ({ default: (await loadNavDrawer()).NavDrawer }));
const CartIndicator = lazy(async () => ({ default: (await import('./CartIndicator.tsx')).CartIndicator }));
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));

/** Starts loading the side menu's code (on the burger's first touch or focus, so that it is there
 * by the time the click arrives). */
function preloadNavDrawer(): void {
  void loadNavDrawer().catch(() => {
    // the click's own import reports a failure
  });
}

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
  // the side menu is mounted from its first opening on
  const [drawerWanted, setDrawerWanted] = useState(false);
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
            onPointerDown={preloadNavDrawer}
            onFocus={preloadNavDrawer}
            onClick={() => {
              setDrawerWanted(true);
              drawer.toggle();
            }}
            aria-label={drawerOpened ? 'Close navigation menu' : 'Open navigation menu'}
            size="sm"
          />
          {brand}
        </Group>
        {isLoggedIn && (
          <Suspense fallback={null}>
            <CartIndicator />
          </Suspense>
        )}
      </Group>
      {/* between the phone breakpoint and a wide screen the account area drops to a second row */}
      <Group justify="space-between" wrap="wrap" gap="xs" className={responsive.wideOnly}>
        <Group gap="lg" wrap="nowrap">
          {brand}
          <DesktopLinks />
        </Group>
        <AccountArea />
      </Group>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} title={association.name} />
        </Suspense>
      )}
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
  return (
    <nav aria-label="Main">
      <Group gap={2} wrap="nowrap">
        <BarLink item={HOME_LINK} />
        <AboutDisclosure />
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
      <Suspense fallback={null}>
        <CartIndicator />
      </Suspense>
      {isAdmin && <BarLink item={{ label: 'Admin', to: paths.admin }} />}
      <BarLink item={{ label: 'My Profile', to: paths.profile }} />
      <Suspense fallback={<Box w={36} h={36} />}>
        <UserMenu />
      </Suspense>
      <Button variant="subtle" color="gray" c="dark.8" px="xs" onClick={() => void logout()}>
        Logout
      </Button>
    </Group>
  );
}
