import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What toolgate keeps for one remote server it logged in to, keyed by the server's URL. */
export interface McpStoredAuthorization {
  /** The client registered dynamically (absent for a pre-registered or metadata-document client). */
  readonly client?: OAuthClientInformationMixed;
  /** The redirect URI the client was registered with (login reuses its port). */
  readonly redirectUrl?: string;
  /** The access token, and the refresh token when the server gave one. */
  readonly tokens?: OAuthTokens;
}

/**
 * Where OAuth clients and tokens live. Entries are keyed by the server's URL, never by its name,
 * so a config that gives a known name another URL finds nothing to send there.
 */
export interface McpTokenStore {
  /** The entry for `url`, if any. */
  read(url: string): Promise<McpStoredAuthorization | undefined>;
  /** Merges `update` into the entry for `url` (an `undefined` field removes it). */
  write(
    url: string,
    update: { readonly [K in keyof McpStoredAuthorization]?: McpStoredAuthorization[K] | undefined },
  ): Promise<void>;
  /** Forgets the entry for `url`; resolves to whether there was one. */
  remove(url: string): Promise<boolean>;
}

/** The key of a server's entry: its URL without a fragment, as the URL parser writes it. */
export function tokenStoreKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}
