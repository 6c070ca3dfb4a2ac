import { createBrowserRouter } from 'react-router';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { navigationGuard } from './guards.ts';
import { RootLayout } from './RootLayout.tsx';

/** A page that a later issue builds; until then it says so. */
const later = (title: string, arrivesWith: string) => ({
  element: <PlaceholderPage title={title} arrivesWith={arrivesWith} />,
});

/** Every route of doc 1 §2. The root loader is the navigation guard and runs on every navigation. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    loader: navigationGuard,
    shouldRevalidate: () => true,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../home/HomePage.tsx')).HomePage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('../content/AboutPage.tsx')).AboutPage }) },
      { path: 'booking', lazy: async () => ({ Component: (await import('../events/BookingPage.tsx')).BookingPage }) },
      { path: 'booking/success', ...later('Booking complete', 'the entry and payment issue') },
      { path: 'schools', lazy: async () => ({ Component: (await import('../content/SchoolsPage.tsx')).SchoolsPage }) },
      { path: 'slopes', lazy: async () => ({ Component: (await import('../content/SlopesPage.tsx')).SlopesPage }) },
      {
        path: 'safeguarding',
        lazy: async () => ({ Component: (await import('../content/SafeguardingPage.tsx')).SafeguardingPage }),
      },
      { path: 'contact', lazy: async () => ({ Component: (await import('../content/ContactPage.tsx')).ContactPage }) },
      { path: 'checkout', ...later('Checkout', 'the entry and payment issue') },
      { path: 'payment', ...later('Payment Page', 'the entry and payment issue') },
      {
        path: 'policies',
        lazy: async () => ({ Component: (await import('../content/PoliciesPage.tsx')).PoliciesPage }),
      },
      { path: 'results', ...later('Results', 'the results and league points issue') },
      {
        path: 'governance',
        lazy: async () => ({ Component: (await import('../content/GovernancePage.tsx')).GovernancePage }),
      },
      { path: 'profile', lazy: async () => ({ Component: (await import('../accounts/ProfilePage.tsx')).ProfilePage }) },
      { path: 'admin', lazy: async () => ({ Component: (await import('../admin/AdminPage.tsx')).AdminPage }) },
      {
        path: 'reset-password/:uidb64/:token',
        lazy: async () => ({ Component: (await import('../accounts/ResetPasswordPage.tsx')).ResetPasswordPage }),
      },
      {
        path: 'maintenance',
        lazy: async () => ({ Component: (await import('../maintenance/MaintenancePage.tsx')).MaintenancePage }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('../ui/NotFoundPage.tsx')).NotFoundPage }) },
    ],
  },
]);
