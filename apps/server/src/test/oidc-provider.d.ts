// oidc-provider ships no types; the tests use a small part of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  export default class Provider {
    constructor(issuer: string, configuration: {
      clients: Record<string, unknown>[];
      findAccount: (ctx: unknown, id: string) => Promise<Account>;
      claims?: Record<string, string[]>;
      pkce?: { required: () => boolean };
      features?: Record<string, unknown>;
      cookies?: { keys: string[] };
    });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
