/**
 * Effects that leave the page or touch the browser. They do nothing here, so the machine runs in
 * Node and in the inspector; the app supplies them (src/app/actors.ts) with providedPortalMachine().
 * The sign-in and consent pages are asked for in the visit's language (`language`, sent as OpenID
 * Connect's `ui_locales`; decision 0033).
 */
import type { DestinationProvider, Language, Operation } from '../../../contract/index.ts';
import type { PolicyPage } from '../../types.ts';

export const effectActions = {
  leaveForSourceSignIn: (_: unknown, _params: { language: Language }) => {},
  leaveForDestinationConsent: (
    _: unknown,
    _params: { provider: DestinationProvider | null; operations: Operation[]; language: Language },
  ) => {},
  leaveForStatusSignIn: (_: unknown, _params: { language: Language }) => {},
  leaveForExternalPage: (_: unknown, _params: { page: PolicyPage }) => {},
  copyExportId: (_: unknown, _params: { exportId: string }) => {},
  /** Ends the portal's tokens this browser holds at the service (POST /api/sign-out/). */
  signOut: (_: unknown, _params: { tokens: string[] }) => {},
};
