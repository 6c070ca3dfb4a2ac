import { EmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Nothing to list: an icon, what is missing, and what to try (the back office's lists). */
export function EmptyList({
  icon = <IconInbox aria-hidden />,
  title,
  description,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
}) {
  return <EmptyState py="lg" size="sm" icon={icon} withIndicatorBackground title={title} description={description} />;
}
