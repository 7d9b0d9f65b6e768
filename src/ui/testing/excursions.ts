import { loadUserInfo, login } from '../../stores/session.ts';
import { type ExcursionShipment, providerCall, type TestUser } from './server.ts';

/** Signs in as the portal does: the session, then the user info (the pages follow its customer). */
export async function signIn(user: TestUser): Promise<void> {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
}

/**
 * A logger's readings, one every 10 minutes from `start`, through the provider's signed
 * `provider/readings` (which opens the shipment's case when they leave the order's range) → the
 * case number it opened.
 */
export async function postReadings(
  shipment: Pick<ExcursionShipment, 'order_no' | 'logger_id'>,
  values: readonly number[],
  start = '2026-11-20T00:00:00Z',
): Promise<string | null> {
  const readings = values.map((celsius, i) => ({
    at: new Date(Date.parse(start) + i * 10 * 60_000).toISOString(),
    celsius,
  }));
  const answer = await providerCall('readings', {
    order_no: shipment.order_no,
    logger_id: shipment.logger_id,
    readings,
  });
  if (answer.code !== 0) throw new Error(`provider/readings: ${answer.code} ${answer.message}`);
  return (answer.data as { case_no?: string }).case_no ?? null;
}
