/**
 * What each destination of the contract is called on screen, with a one-line description for the
 * provider cards: its descriptor's words, with the provider's brand in place.
 */
import { branded, destinationOf, type DestinationProvider } from '../../../contract/index.ts';
import { brand } from '../../config/brand';

type ProviderLabel = { name: string; description: string };

export function providerLabel(provider: DestinationProvider): ProviderLabel {
  const { name, description } = destinationOf(provider);
  return { name: branded(name, brand.providerName), description: branded(description, brand.providerName) };
}
