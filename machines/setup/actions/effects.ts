/**
 * Effects that leave the page or touch the browser. They do nothing here, so the machine runs in
 * Node and in the inspector; the app supplies them (src/app/actors.ts) with machine.provide().
 */
import type { DestinationProvider, Operation } from '../../../contract/index.ts';
import type { PolicyPage } from '../../types.ts';

export const effectActions = {
  leaveForSourceSignIn: () => {},
  leaveForDestinationConsent: (_: unknown, _params: { provider: DestinationProvider | null; operations: Operation[] }) => {},
  leaveForStatusSignIn: () => {},
  leaveForExternalPage: (_: unknown, _params: { page: PolicyPage }) => {},
  copyExportId: (_: unknown, _params: { exportId: string }) => {},
  /** Ends the portal's tokens this browser holds at the service (POST /api/sign-out/). */
  signOut: (_: unknown, _params: { tokens: string[] }) => {},
};
