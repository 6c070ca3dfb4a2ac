import { Box } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { adminLevelOf } from '../../domain/roles.ts';
import { onForcedLogout, useProfileStore } from '../accounts/store.ts';
import { useCanAccessSite } from '../maintenance/store.ts';
import { focusMain, MAIN_ID } from '../ui/focus.ts';
import { clearReloadMark } from '../ui/RouteErrorPage.tsx';
import { toast } from '../ui/toast.ts';
import { Footer } from './Footer.tsx';
import { ModalHost } from './ModalHost.tsx';
import { NavBar } from './NavBar.tsx';
import { paths } from './paths.ts';
import classes from './RootLayout.module.css';
import { ScrollManager } from './ScrollManager.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** The gate view: loaded only when the site is in maintenance. */
const MaintenancePage = lazy(async () => ({
  default: (await import('../maintenance/MaintenancePage.tsx')).MaintenancePage,
}));

/** Keeps the open page in step with the maintenance switch (useMaintenanceWatch): loaded once the
 * page is shown, not part of a public page's first script. */
const MaintenanceWatch = lazy(async () => ({
  default: (await import('../maintenance/useMaintenanceWatch.ts')).MaintenanceWatch,
}));

/** Renders its child only in the browser, after the painted page has hydrated. */
function AfterHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The inactivity timeout (its warning is a Modal): loaded only while logged in. */
const SessionTimeout = lazy(async () => ({
  default: (await import('../accounts/SessionTimeout.tsx')).SessionTimeout,
}));

/** Keeps a super administrator who must set up an authenticator first on My Profile → Security
 * (TOTP_REQUIRED_FOR_SUPER): loaded only while a super administrator is signed in. */
const SecondFactorWatch = lazy(async () => ({
  default: (await import('./SecondFactorWatch.tsx')).SecondFactorWatch,
}));

/** 'Skip to content': the first thing the Tab key reaches; it moves focus to the main content. */
function SkipLink() {
  return (
    <a
      className={classes.skipLink}
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // focus, not a hash navigation: the router would treat #main as a new location
        event.preventDefault();
        focusMain({ scroll: true });
      }}
    >
      Skip to content
    </a>
  );
}

/** The shell around every page (doc 1 §2): the skip link, navigation bar, page, footer (not on
 * admin paths), modals, the inactivity timeout when logged in, and scrolling after navigation.
 * When the site cannot be accessed, the maintenance gate view is shown instead. */
export function RootLayout() {
  const canAccessSite = useCanAccessSite();
  usePageTitle(!canAccessSite);
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const signedInSuper = useProfileStore((s) => s.isLoggedIn && s.user !== null && adminLevelOf(s.user) === 'SUPER');
  const { pathname } = useLocation();
  const onAdminPath = pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

  // the accounts' messages are not part of the first script: this one loads when it is needed
  useEffect(
    () =>
      onForcedLogout(() => {
        void import('../../domain/accounts/messages.ts').then(({ MSG }) => toast.warning(MSG.sessionExpired));
      }),
    [],
  );
  useEffect(clearReloadMark, []);

  // one place in the tree whichever view shows: it remembers where the visitor was when the gate
  // came up
  const watch = (
    <AfterHydration>
      <MaintenanceWatch />
    </AfterHydration>
  );

  if (!canAccessSite) {
    return (
      <>
        {watch}
        <SkipLink />
        <ScrollManager />
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Suspense fallback={null}>
            <MaintenancePage />
          </Suspense>
        </main>
      </>
    );
  }

  return (
    <>
      {watch}
      <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <SkipLink />
        <ScrollManager />
        <NavBar />
        <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Outlet />
        </Box>
        {!onAdminPath && <Footer />}
        <ModalHost />
        {isLoggedIn && (
          <Suspense fallback={null}>
            <SessionTimeout />
          </Suspense>
        )}
        {signedInSuper && (
          <Suspense fallback={null}>
            <SecondFactorWatch />
          </Suspense>
        )}
      </Box>
    </>
  );
}
