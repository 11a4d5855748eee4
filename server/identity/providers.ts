/**
 * The two identity boundaries of the export service, as interfaces a real implementation can fill:
 *  - IdentityProvider: the closing provider's single sign-on (the source account). The development
 *    implementation renders a page of scenario accounts; a real one is an OpenID Connect client.
 *  - ConsentProvider: a destination's OAuth consent (Google, Microsoft, ...). The development
 *    implementation renders a consent page; a real one is that provider's OAuth 2.0 client.
 * Both speak web-standard Request/Response, so they need nothing of Hono. The routes (routes.ts)
 * own everything around them: the `state` bound to the browser, tokens, and the redirects of spec §2.
 * docs/identity.md explains how a real provider plugs in.
 */
import type { DestinationProvider, Operation, OAuthError } from '../../contract/index.ts';

/** The errors a callback query can carry (spec §8). */
export type { OAuthError };

/** Sign-in from the home page (`/api/oauth/`) or for the status lookup (`/api/oauth-for-status/`). */
export type SignInPurpose = 'sign-in' | 'status';

type FlowStart = {
  /** Random value bound to the browser by the routes; the provider must hand it back unchanged. */
  state: string;
  /**
   * Where the provider's answer must arrive: the development pages post their form here; a real
   * provider registers it as its redirect_uri. Accepts GET and POST.
   */
  returnUrl: string;
};

export type SignInStart = FlowStart & { purpose: SignInPurpose };
export type ConsentStart = FlowStart & { provider: DestinationProvider; scopes: readonly Operation[] };

/**
 * What a provider made of the request that reached returnUrl. `state` is the value the answer
 * carried (form field or query), compared by the routes with the browser's before anything else.
 *  - show: the person has to act again on the provider's page (an invalid address typed, say).
 *  - refused: the flow ended without an identity (denied, provider error); the routes redirect with the error.
 */
export type Refused = { kind: 'refused'; state: string | null; error: OAuthError };
export type Show = { kind: 'show'; state: string | null; page: Response };

export type SignInAnswer = { kind: 'signed-in'; state: string | null; email: string } | Refused | Show;

/** `scopes` are the operations actually granted; fewer than requested ends in MISSING_SCOPE. */
export type ConsentAnswer =
  | { kind: 'granted'; state: string | null; email: string; scopes: readonly Operation[] }
  | Refused
  | Show;

export interface IdentityProvider {
  /** Begins a sign-in: a page to show, or a redirect to the provider's authorization endpoint. */
  start(flow: SignInStart): Promise<Response>;
  /** Reads the answer that reached returnUrl (the flow is the one recorded when it began). */
  complete(request: Request, flow: SignInStart): Promise<SignInAnswer>;
}

export interface ConsentProvider {
  /** The provider's name as a person knows it, e.g. "Google". */
  readonly displayName: string;
  /** Begins a consent: a page to show, or a redirect to the provider's authorization endpoint. */
  start(flow: ConsentStart): Promise<Response>;
  /** Reads the answer that reached returnUrl. */
  complete(request: Request, flow: ConsentStart): Promise<ConsentAnswer>;
}

/** The consent provider of each destination that signs in with OAuth; absent ones are not supported. */
export type ConsentProviders = Partial<Record<DestinationProvider, ConsentProvider>>;
