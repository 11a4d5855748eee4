/**
 * What each destination of the contract is called on screen, with a one-line description for the
 * provider cards. The machine and the contract use short ids (gmail, outlook …); people read names.
 */
import type { DestinationProvider } from '../../../contract/index.ts';
import { brand } from '../../config/brand';
import { PROVIDER_NAMES } from '../../../machines/providers';

type ProviderLabel = { name: string; description: string };

export function providerLabel(provider: DestinationProvider): ProviderLabel {
  switch (provider) {
    case 'gmail':
      return { name: PROVIDER_NAMES.gmail, description: 'Move to a Google account' };
    case 'outlook':
      return { name: PROVIDER_NAMES.outlook, description: 'Move to a Microsoft account' };
    case 'yahoo':
      return { name: PROVIDER_NAMES.yahoo, description: 'Move to a Yahoo account' };
    case 'aol':
      return { name: PROVIDER_NAMES.aol, description: 'Move to an AOL account' };
    case 'northwave_next':
      return { name: `${brand.providerName} Next`, description: `${brand.providerName}'s new mail service` };
    case 'other':
      return { name: 'Other', description: 'Any provider with an email address and password' };
    case 'file':
      return { name: 'Download', description: 'Save a file to your computer' };
  }
}
