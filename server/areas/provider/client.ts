import { signIntegration } from '../../http/signature.ts';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export interface ProviderClientOptions {
  /** The portal's base URL (`http://127.0.0.1:8080`). */
  url: string;
  /** The shared `INTEGRATION_SECRET`. */
  secret: string;
  /** Seconds since the epoch, for X-Timestamp (tests move it). */
  clock?: () => number;
  timeoutMs?: number;
}

/** The portal did not answer (not running, wrong URL, timeout). */
export class PortalUnreachable extends Error {
  override name = 'PortalUnreachable';
}

/**
 * Calls the portal's signed `provider/*` API as the provider's systems do: JSON body, signed with
 * the shared secret over `${timestamp}.${body}` (docs/api.md "Provider API"). Answers the envelope.
 */
export function providerClient(options: ProviderClientOptions) {
  const base = options.url.replace(/\/+$/, '');
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
  return async function call<T = unknown>(name: string, body: unknown): Promise<Envelope<T>> {
    const raw = JSON.stringify(body);
    const timestamp = String(clock());
    let res: Response;
    try {
      res = await fetch(`${base}/api/provider/${name}.html`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          'x-timestamp': timestamp,
          'x-signature': signIntegration(options.secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PortalUnreachable(
        `no portal answers at ${base} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    try {
      return (await res.json()) as Envelope<T>;
    } catch {
      throw new PortalUnreachable(`${base} answered HTTP ${res.status} without an API envelope`);
    }
  };
}
export type ProviderCall = ReturnType<typeof providerClient>;
