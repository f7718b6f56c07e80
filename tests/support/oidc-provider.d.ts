/** The few parts of oidc-provider (it ships no types) the local provider of the SSO tests uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?(ctx: unknown, id: string): Promise<Account> });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** a Koa middleware before the provider's own (it may change the answer after `next`) */
    use(middleware: (ctx: { method: string; path: string; status: number; body: unknown }, next: () => Promise<void>) => Promise<void>): void;
  }
}
