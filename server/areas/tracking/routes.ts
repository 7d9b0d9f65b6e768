import * as ops from '../../../src/contract/tracking/operations.ts';
import type { LookupAnswer } from '../../../src/contract/tracking/schemas.ts';
import type { DB } from '../../db/database.ts';
import { apiAnswer } from '../../http/answer.ts';
import { handle, reply } from '../../http/route.ts';
import type { SessionRecord } from '../../core/session.ts';
import { issueCaptcha } from '../accounts/captcha.ts';
import { addressKey } from '../../core/address-key.ts';
import { lookupOrder, type Opened, openShare, viewedOrder } from './access.ts';
import { trackingCaptcha } from './failures.ts';
import { trackedTemperature } from './readings.ts';
import { sendTrackingCode } from './sms-alternative.ts';
import { trackingKey } from './share-secrets.ts';
import { createShare, listShares, revokeShare } from './shares.ts';
import { trackingOf } from './status.ts';
import { issueView } from './view-tokens.ts';
import { issueTicket, TICKET_TTL_MS } from '../live/tickets.ts';

/** Whether the caller is a portal session whose current customer owns the order (sees the signer). */
const ownerViewing = (session: SessionRecord | null, opened: Opened) =>
  session !== null && session.cuId !== null && session.cuId === opened.order.cu_id;

async function answerOf(
  db: DB,
  opened: Opened,
  session: SessionRecord | null,
  now: Date,
): Promise<LookupAnswer> {
  const issued = issueView(await trackingKey(db), { orderId: opened.order.id, shareId: opened.shareId }, now);
  return {
    view: issued.view,
    view_expires_at: issued.expiresAt.toISOString(),
    tracking: await trackingOf(db, opened.order, ownerViewing(session, opened)),
  };
}

/** `tracking/*` (public, CORS-open to partner origins) and the share calls of the order view. */
export const routes = [
  handle(ops.lookup, async ({ input, session, deps: { db, config }, now, ip }) =>
    answerOf(db, await lookupOrder(db, input, ip, now, { perAddress: config.rateLimits }), session, now),
  ),

  handle(ops.open, async ({ input, session, deps: { db }, now }) =>
    answerOf(db, await openShare(db, input.share_code, now), session, now),
  ),

  handle(ops.status, async ({ input, session, deps: { db }, now }) => {
    const opened = await viewedOrder(db, input.view, now);
    return trackingOf(db, opened.order, ownerViewing(session, opened));
  }),

  // the status element follows its order live: a ticket naming the order, the share and the view's end
  handle(ops.liveTicket, async ({ input, deps: { db }, now }) => {
    const opened = await viewedOrder(db, input.view, now);
    const ticket = await issueTicket(
      db,
      {
        sid: '',
        uid: 0,
        cu: opened.order.cu_id,
        view: { order: opened.order.id, share: opened.shareId, until: opened.until ?? now.getTime() },
      },
      now,
    );
    return {
      ticket,
      expires_in: TICKET_TTL_MS / 1000,
      url: `/api/live/stream?ticket=${encodeURIComponent(ticket)}`,
    };
  }),

  handle(ops.temperature, async ({ input, deps: { db }, now }) =>
    trackedTemperature(db, (await viewedOrder(db, input.view, now)).order),
  ),

  handle(ops.captcha, async ({ input, deps: { db, config }, now, ip }) => {
    // The test-only fixed answer (never in production: the server refuses to start with it).
    const fixed = config.production ? undefined : config.captchaTestAnswer;
    const png = await issueCaptcha(db, trackingCaptcha(input.order_no, addressKey(ip)), now, fixed);
    return apiAnswer(config, new Uint8Array(png), { 'content-type': 'image/png' });
  }),

  handle(ops.captchaSms, async ({ input, deps: { db, sms, config }, now, ip }) => {
    const sent = await sendTrackingCode(db, sms, input, ip, now, { perAddress: config.rateLimits });
    return reply(sent, 'If {mobile} is the recipient’s mobile number, a code has been sent to it', sent);
  }),

  handle(ops.shareCreate, ({ input, session, deps: { db }, now }) =>
    createShare(db, session, input.id, input.days, now),
  ),

  handle(ops.shareList, ({ input, session, deps: { db } }) => listShares(db, session.cuId, input.id)),

  handle(ops.shareRevoke, ({ input, session, deps: { db }, now }) =>
    revokeShare(db, session, input.share_id, now),
  ),
];
