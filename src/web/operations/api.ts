import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** One watched condition, as GET /admin/health/ gives it. */
export interface HealthAlert {
  kind: string;
  title: string;
  raised: boolean;
  detail: string | null;
  since: string | null;
  cleared_at: string | null;
  /** Not raised, yet not fine: what to do (a site's first day without a backup). */
  notice: string | null;
}

/** A raised alert shown at the top of the back office (GET /admin/health/banners/). */
export type HealthBanner = Pick<HealthAlert, 'kind' | 'title' | 'detail' | 'since'>;
export const HEALTH_BANNERS_KEY = ['admin', 'health', 'banners'] as const;

export interface SiteHealth {
  alerts: HealthAlert[];
  last_backup: {
    started_at: string;
    finished_at: string | null;
    status: 'running' | 'done' | 'failed';
    bytes: number | null;
    error: string | null;
  } | null;
  /** Where the server writes (DATA_DIR): free space, and whether it is low. */
  disk: { path: string; free_bytes: number; total_bytes: number; low: boolean } | null;
  /** The database could not be read: the alerts are the server's memory alone. */
  from_memory: boolean;
}

/** One line of the pre-flight check: green, or a sentence saying what to fix. */
export interface PreflightLine {
  name: string;
  ok: boolean;
  text: string;
}

export function useSiteHealth() {
  return useQuery({
    queryKey: ['admin', 'health'],
    queryFn: ({ signal }) => api.get<SiteHealth>('/admin/health/', { auth: true, signal }),
    refetchInterval: 60_000,
  });
}

export function usePreflight() {
  return useMutation({
    mutationFn: (eventId: number | null) =>
      api.post<{ lines: PreflightLine[] }>('/admin/preflight/', eventId === null ? {} : { event_id: eventId }, {
        auth: true,
      }),
  });
}

/** A time as the panel shows it (London). */
export const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

/** 123456 → "121 KB". */
export function size(bytes: number | null): string {
  if (bytes === null) return 'size unknown';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
