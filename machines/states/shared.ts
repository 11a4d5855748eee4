/** Transitions several screens share, written once. */
import { portalSetup } from '../setup/index.ts';
import type { PortalContext } from '../types.ts';

/**
 * Back to the sign-in home, which starts again: the tokens this browser holds are ended at the
 * service (so a copy of one stops working now, not in an hour), then stored state and session values
 * are reset.
 */
const goHome = {
  target: '#exportPortal.signIn',
  actions: [
    {
      type: 'signOut',
      params: ({ context }: { context: PortalContext }) => ({
        tokens: [context.srcAccount?.tokenId, context.dstAccount?.tokenId].filter((token): token is string => Boolean(token)),
      }),
    },
    'resetStoredState',
  ],
} as const;

/** The header's Start over, offered on the steps where it shows (2, 3, 4 and 6). */
export const startOver = portalSetup.createStateConfig({ on: { 'START_OVER.REQUESTED': goHome } }).on;

/** "Back to home" on the pages after the wizard: the customer starts again on purpose. */
export const backHome = portalSetup.createStateConfig({ on: { 'HOME.REQUESTED': goHome } }).on;
