/**
 * The access tokens of an export's OAuth destination as the engine asks for them (AccessTokens): at
 * each connection or request, from the consent the export was loaded with (DestinationGrants), and a
 * fresh one when the destination refused the last — a token lives about an hour, a transfer paced by
 * a provider's limits days, and a provider may end a token early.
 *
 * Before a run the first token is asked for here too, so that what the consent says decides the run:
 * a withdrawn consent fails the operation, a provider that cannot be asked now gives the transfer back
 * to be tried again later. During a run a withdrawn consent is the destination's refused login, and a
 * provider that cannot be asked a lost connection (retried with backoff by the engine).
 */
import { TransferFault, type AccessTokens } from '../engine/index.ts';
import type { DestinationGrants, GrantUse } from '../ports.ts';
import { DestinationRefused } from './destination-refused.ts';

/** The token source of one export and use, once the consent answered with a token; see the module comment. */
export async function grantTokens(grants: DestinationGrants, exportId: string, use: GrantUse): Promise<AccessTokens> {
  const first = await grants.forExport(exportId, use);
  // The provider could not be asked now: the worker gives the transfer back and tries again later.
  if (first.kind === 'unavailable') throw new Error('the destination provider could not refresh the access token');
  if (first.kind !== 'access')
    throw new DestinationRefused(
      'internal',
      first.kind === 'revoked' ? 'the destination consent was withdrawn' : 'the export has no destination consent',
    );
  return async (rejected) => {
    const answer = await grants.forExport(exportId, use, rejected);
    if (answer.kind === 'access') return answer.accessToken;
    if (answer.kind === 'unavailable')
      throw new TransferFault('connection-lost', 'destination', 'the destination provider could not renew the access token now');
    // No newer token: the same one back is the adapter's sign that the login is refused for good.
    if (rejected !== undefined) return rejected;
    throw new TransferFault('login-refused', 'destination', 'the destination consent was withdrawn');
  };
}
