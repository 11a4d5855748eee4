/**
 * What the browser may know of a destination: the one place a destination's customer-facing facts
 * live. The service's own facts (authorization server, IMAP endpoint and limits, configuration,
 * development stand-in) live beside it in server/destinations/. docs/architecture.md, "Adding a
 * destination", walks through both.
 */

/**
 * How the customer lets us into the destination: the provider's consent page, a password form, the
 * closing provider's own access (its successor product on a server it runs: nothing to type), or
 * nothing at all (a file).
 */
export type DestinationAuthorization = 'oauth' | 'password' | 'provider' | 'file';

export type DestinationDescriptor<Id extends string = string> = {
  /** The short id every call and the machine use. */
  id: Id;
  /** The name customers know it by ("Gmail"); `{provider}` stands for the closing provider's name ("{provider} Next"). */
  name: string;
  /** The provider card's second line; `{provider}` as in the name. */
  description: string;
  authorization: DestinationAuthorization;
  /** Why contacts cannot go there, said on the options page; absent: it takes contacts. */
  mailOnlyReason?: string;
  /** Privacy terms come first and every scope is required (§1, the terms-gated provider). */
  termsGated?: true;
  /** The closing provider's successor product: offered only when login is not active (§2). */
  successor?: true;
  /** How to reach it with an app password through the Other form when its sign-in is not available. */
  appPasswordHelp?: string;
  /**
   * A password destination's form: its heading and the line under it. `customImap`: the customer may
   * name the IMAP server (Other); without it the service knows the server (its server/destinations/ half).
   */
  passwordForm?: { title: string; intro: string; customImap?: true };
  /** A kind of destination rather than one provider (Other): sentences say "the email account", not a name. */
  anyProvider?: true;
  /** Names a customer may type in the Other form's IMAP field instead of a host, and the host each stands for. */
  imapAliases?: Readonly<Record<string, string>>;
  /** The address domains that belong to it: an address there is this destination's, not Other's. */
  mailDomains?: readonly string[];
};

/** A descriptor's name or description as customers read it, with the closing provider's name in place. */
export const branded = (text: string, providerName: string): string => text.replaceAll('{provider}', providerName);
