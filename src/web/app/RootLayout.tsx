import { Outlet } from 'react-router';

/** The shell around every page (navigation bar, footer, modals, session timeout). */
export function RootLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
