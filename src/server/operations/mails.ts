import type { AppContext } from '../context.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { HEALTH_KINDS, HEALTH_TITLES, type HealthKind } from './alerts.ts';

const title = (kind: unknown) =>
  HEALTH_KINDS.includes(kind as HealthKind) ? HEALTH_TITLES[kind as HealthKind] : String(kind);
const when = (iso: unknown) => `${String(iso).replace('T', ' ').slice(0, 16)} UTC`;

/** The alert to the operations address (OPS_EMAIL), once per raising. */
export async function healthAlertTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return {
    subject: `${ctx.config.association.code} site health: ${title(data.kind)}`,
    text: [
      `${title(data.kind)} (since ${when(data.raised_at)}).`,
      '',
      String(data.detail ?? ''),
      '',
      `The Site health panel (${ctx.config.publicUrl}/admin) shows it while it lasts. You will get one more e-mail when it clears, and none before.`,
      '',
    ].join('\n'),
  };
}

/** The all-clear for an alert that was sent. */
export async function healthClearedTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return {
    subject: `${ctx.config.association.code} site health: cleared: ${title(data.kind)}`,
    text: `${title(data.kind)}: cleared at ${when(data.cleared_at)} (raised ${when(data.raised_at)}).\n`,
  };
}
