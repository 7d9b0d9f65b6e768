/**
 * The little of `oidc-provider` (9, no types of its own) that the test provider uses
 * (oidc-test-provider.ts): a Koa application with its `Grant` model.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Context {
    path: string;
    body: unknown;
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: Provider;
    };
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: typeof Grant;
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Its events (a Koa application's EventEmitter): `backchannel.error` among them. */
    on(event: string, listener: (...args: never[]) => void): this;
  }
}
