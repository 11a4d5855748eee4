/**
 * What each destination of the contract is called on screen, with a one-line description for the
 * provider cards: its descriptor's words, with the provider's brand in place.
 */
import { branded, destinationOf, type DestinationProvider } from '../../../contract/index.ts';
import { brand } from '../../config/brand';

type ProviderLabel = { name: string; description: string; logoPath?: string };

const isSuccessorProduct = (provider: DestinationProvider): provider is keyof typeof brand.successors => provider in brand.successors;

/** A successor product's card is the deployment's to name (src/config/brand.ts); every other card is its descriptor's. */
export function providerLabel(provider: DestinationProvider): ProviderLabel {
  const { name, description } = destinationOf(provider);
  const words = { name: branded(name, brand.providerName), description: branded(description, brand.providerName) };
  return isSuccessorProduct(provider) ? { ...words, ...brand.successors[provider] } : words;
}
