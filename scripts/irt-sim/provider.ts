import { POSTED_MILESTONES } from '../../src/contract/provider/schemas.ts';
import { providerClient } from '../../server/areas/provider/client.ts';

/**
 * The provider's side, played as `npm run provider` plays it: its signed `provider/*` calls with
 * the portal's INTEGRATION_SECRET. Not the sponsor's: the simulator uses it only to make the
 * order move, so that its webhooks have something to tell.
 */
export function providerSide(url: string, secret: string) {
  const call = providerClient({ url, secret });
  const must = async (name: string, body: unknown) => {
    const answer = await call(name, body);
    if (answer.code !== 0) throw new Error(`provider/${name}: ${answer.code} ${answer.message}`);
  };
  return {
    confirm: (orderNo: string) => must('confirm', { order_no: orderNo, operator: 'IRT demo dispatcher' }),
    /** Picked up, in transit, out for delivery, delivered: one call each. */
    async deliver(orderNo: string) {
      for (const milestone of POSTED_MILESTONES)
        await must('milestone', {
          order_no: orderNo,
          milestone,
          at: new Date().toISOString(),
          location: milestone === 'delivered' ? 'site pharmacy' : '',
        });
    },
    sign: (orderNo: string) =>
      must('sign', { order_no: orderNo, sign_name: 'Site pharmacist', signed_at: new Date().toISOString() }),
  };
}
