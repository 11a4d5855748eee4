/**
 * Where an API destination gets its OAuth access token. Called with no argument it gives the current
 * token; called with the token the provider just refused (401), it gives a newer one, or the same one
 * when there is none to be had (the consent was withdrawn): the adapter then fails the transfer as a
 * refused login instead of asking again. The service builds it over the DestinationGrants port; tests
 * over a fake provider's token list. Tokens live in memory only and are never logged.
 */
export type AccessTokens = (rejected?: string) => Promise<string>;
