import type { AlertProps } from '@mantine/core';
import { type ComponentPropsWithoutRef, lazy, Suspense } from 'react';

const AlertView = lazy(() => import('./AlertView.tsx'));

/**
 * Mantine's Alert, loaded when one is first shown: the public pages show alerts only when
 * something went wrong (a failed load, a failed send) or after a form is sent, so the Alert (and
 * the close button it brings) stays out of their first script. Its role (alert, status) makes it
 * announced when it appears.
 */
export function LazyAlert(props: AlertProps & Omit<ComponentPropsWithoutRef<'div'>, keyof AlertProps>) {
  return (
    <Suspense fallback={null}>
      <AlertView {...props} />
    </Suspense>
  );
}
