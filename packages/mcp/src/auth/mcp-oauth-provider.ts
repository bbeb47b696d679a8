import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthConfig } from '../config/mcp-config-schema.js';
import type { McpTokenStore } from './mcp-token-store.js';

/**
 * Takes the person through the authorization server's page (`url`: open a browser, or follow the
 * redirect in a test) and resolves to the authorization code the redirect to `redirectUrl`
 * carried, after checking its `state` matches the one in `url`.
 */
export type McpAuthorize = (url: URL, redirectUrl: string, signal: AbortSignal) => Promise<string>;

/** How a session logs in to remote servers. */
export interface McpAuthOptions {
  /** Where clients and tokens are kept (`createFileTokenStore(<state dir>/mcp-tokens.json)`). */
  readonly store: McpTokenStore;
  /**
   * Takes the person through a login when a server needs one (no token, a refresh that failed, a
   * step-up to more scopes). Without it such a server fails to connect with a reason that says to
   * run `toolgate mcp login <server>`. @default none
   */
  readonly authorize?: McpAuthorize;
  /** The redirect URI registered for toolgate (a loopback URL). @default http://127.0.0.1:33418/callback */
  readonly redirectUrl?: string;
}

/** Where a login's code is received when nothing else was chosen. */
export const DEFAULT_REDIRECT_URL = 'http://127.0.0.1:33418/callback';

/**
 * The SDK's `OAuthClientProvider` for one configured server: clients and tokens from the store
 * (by the server's URL), a pre-registered client or client ID metadata document from the config,
 * PKCE verifier and discovery state in memory. A redirect to the authorization server goes to
 * `authorize`; its code waits in `takeCode()` for the caller to finish the flow.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private pending: Promise<string> | undefined;
  /** Set when the server needed a login and nothing could take the person through it. */
  needsLogin = false;
  /** The client ID metadata document standing for toolgate, when the config names one. */
  readonly clientMetadataUrl?: string;

  constructor(
    private readonly url: string,
    private readonly config: McpOAuthConfig,
    private readonly auth: McpAuthOptions,
    private readonly signal: AbortSignal,
  ) {
    if (config.clientMetadataUrl !== undefined) this.clientMetadataUrl = config.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.auth.redirectUrl ?? DEFAULT_REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'toolgate',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.config.scope === undefined ? {} : { scope: this.config.scope }),
    };
  }

  state(): string {
    return randomBytes(16).toString('base64url');
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.config.clientId !== undefined) {
      return {
        client_id: this.config.clientId,
        ...(this.config.clientSecret === undefined ? {} : { client_secret: this.config.clientSecret }),
      };
    }
    const stored = await this.auth.store.read(this.url);
    // A client registered for another redirect URI cannot finish this login.
    return stored?.redirectUrl === this.redirectUrl ? stored.client : undefined;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    if (this.config.clientId !== undefined) return;
    await this.auth.store.write(this.url, { client, redirectUrl: this.redirectUrl });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.auth.store.read(this.url))?.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.auth.store.write(this.url, { tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (!this.auth.authorize) {
      this.needsLogin = true;
      return;
    }
    this.pending = this.auth.authorize(authorizationUrl, this.redirectUrl, this.signal);
    // Awaited by takeCode(); a failed login is reported there.
    this.pending.catch(() => {});
  }

  /** The code of the login `redirectToAuthorization` started, once; undefined when none started. */
  async takeCode(): Promise<string | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier was saved for this login');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope === 'all' || scope === 'tokens') await this.auth.store.write(this.url, { tokens: undefined });
    if (scope === 'all' || scope === 'client') {
      await this.auth.store.write(this.url, { client: undefined, redirectUrl: undefined });
    }
  }
}
