import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAdminStore } from '../admin/store.ts';
import { api } from '../api/client.ts';
import { type HealthBanner as Banner, HEALTH_BANNERS_KEY, when } from './api.ts';

/**
 * The raised alerts every administrator must see at the top of the back office (mail failing: its
 * own e-mail to the operations address may be among the mails that fail), read again every minute
 * and when the window regains focus; gone once cleared. Super administrators go on to Site Health,
 * others to the Mail panel, which lists the failing mails.
 */
export function HealthBanners() {
  const banners = useQuery({
    queryKey: HEALTH_BANNERS_KEY,
    queryFn: ({ signal }) => api.get<Banner[]>('/admin/health/banners/', { auth: true, signal }),
    refetchInterval: 60_000,
  });
  const isSuper = useAdminStore((s) => s.adminLevel === 'SUPER');
  const select = useAdminStore((s) => s.select);
  return (banners.data ?? []).map((b) => (
    <Alert
      key={b.kind}
      color="red"
      icon={<IconMailExclamation aria-hidden />}
      title={b.title}
      mb="lg"
      role="alert"
      data-testid={`health-banner-${b.kind}`}
    >
      <Text size="sm">
        {b.since ? `Since ${when(b.since)}: ` : ''}
        {b.detail}
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={() => select(isSuper ? 'siteHealth' : 'mail')}>
        {isSuper ? 'Open Site Health' : 'Open Mail'}
      </Anchor>
    </Alert>
  ));
}
