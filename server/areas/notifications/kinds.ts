import type { KindChannels, NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import { NOTIFICATION_KINDS } from '../../../src/contract/notifications/schemas.ts';

/**
 * The portal's defaults, where neither the user nor the customer chose: in the portal always;
 * by mail at once what needs someone to act (an approval, a case, a rejected document) and a
 * sign-in from a new device (a security notice: who did not sign in must hear it where the one who
 * did cannot hide it), the rest only in the portal.
 */
export const PORTAL_DEFAULTS: Readonly<Record<NotificationKind, Omit<KindChannels, 'kind'>>> = {
  approval_needed: { portal: true, email: true, digest: false },
  excursion_opened: { portal: true, email: true, digest: false },
  excursion_decided: { portal: true, email: true, digest: false },
  document_rejected: { portal: true, email: true, digest: false },
  modification_answered: { portal: true, email: false, digest: false },
  delivered: { portal: true, email: false, digest: false },
  export_ready: { portal: true, email: false, digest: false },
  new_device_sign_in: { portal: true, email: true, digest: false },
  webhook_disabled: { portal: true, email: true, digest: false },
};

export const ALL_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;

/** Where the portal opens its password dialog (host/layout/user-menu.tsx): a new device's notice. */
export const CHANGE_PASSWORD_LINK = '/home/index#change-password';

/** The customer's webhooks (a hidden route for its administrators): a disabled endpoint's notice. */
export const WEBHOOKS_LINK = '/customer-webhooks/index';

/** Where an entry of this kind lets the user act, inside the portal. */
export function linkOf(kind: NotificationKind, recordId: string, orderId: number | null): string {
  if (kind === 'excursion_opened' || kind === 'excursion_decided') return `/excursion/view/${recordId}`;
  if (kind === 'export_ready') return '/customer-order/download';
  if (kind === 'new_device_sign_in') return CHANGE_PASSWORD_LINK;
  if (kind === 'webhook_disabled') return WEBHOOKS_LINK;
  return orderId ? `/customer-order/view/${orderId}` : '/customer-order/index';
}
