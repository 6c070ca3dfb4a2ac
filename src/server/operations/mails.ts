import type { AppContext } from '../context.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { HEALTH_KINDS, HEALTH_TITLES, type HealthKind } from './alerts.ts';

const title = (kind: unknown) =>
  HEALTH_KINDS.includes(kind as HealthKind) ? HEALTH_TITLES[kind as HealthKind] : String(kind);
const when = (iso: unknown) => `${String(iso).replace('T', ' ').slice(0, 16)} UTC`;

/** The alert to the operations address (OPS_EMAIL), once per raising. */
export async function healthAlertTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return renderEmail(ctx.config, 'health-alert', {
    title: title(data.kind),
    since: when(data.raised_at),
    detail: String(data.detail ?? ''),
    adminUrl: `${ctx.config.publicUrl}/admin`,
  });
}

/** The all-clear for an alert that was sent. */
export async function healthClearedTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return renderEmail(ctx.config, 'health-cleared', {
    title: title(data.kind),
    raised: when(data.raised_at),
    cleared: when(data.cleared_at),
  });
}
