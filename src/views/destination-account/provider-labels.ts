/**
 * What each destination of the contract is called on screen, with a one-line description for the
 * provider cards: its descriptor's words in the customer's language (contract/words/en/destinations.ts),
 * with the provider's brand in place.
 */
import { branded, type DestinationProvider, type Language } from '../../../contract/index.ts';
import { destinationWords, type DestinationWordKey } from '../../../contract/words/en/destinations.ts';
import { say } from '../../../contract/words/translate.ts';
import { brand } from '../../config/brand';

type ProviderLabel = { name: string; description: string; logoPath?: string };

const isSuccessorProduct = (provider: DestinationProvider): provider is keyof typeof brand.successors => provider in brand.successors;

/** One of a destination's words (its form's title, why it takes mail only…) in a language, branded. */
export const destinationSays = (language: Language, key: DestinationWordKey): string =>
  branded(say(language, destinationWords, key, { provider: brand.providerName }), brand.providerName);

/** A successor product's card is the deployment's to name (src/config/brand.ts); every other card is its descriptor's. */
export function providerLabel(provider: DestinationProvider, language: Language): ProviderLabel {
  const words = {
    name: destinationSays(language, `${provider}.name` as DestinationWordKey),
    description: destinationSays(language, `${provider}.description` as DestinationWordKey),
  };
  return isSuccessorProduct(provider) ? { ...words, ...brand.successors[provider] } : words;
}
