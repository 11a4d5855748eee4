/**
 * The status page's way to a ready file for whoever's answer has no link to it (no sign-in yet, or a
 * sign-in that is not the owner's): sign in, and come back to this export with the download offered.
 */
import type { PortalSnapshot } from './selectors.ts';

export type DownloadSignIn = {
  /** The sign-in round trip has begun: the button waits. */
  leaving: boolean;
  /** The address signed in now, when it is not the export's owner's. */
  signedInAs: string | null;
};

/** What the page offers; null when the file is not ready or the answer already has its link. */
export const selectDownloadSignIn = (snapshot: PortalSnapshot): DownloadSignIn | null => {
  const leaving = snapshot.matches({ status: 'leavingForSignIn' });
  if (!leaving && !snapshot.can({ type: 'STATUS.DOWNLOAD_SIGN_IN_REQUESTED' })) return null;
  return { leaving, signedInAs: snapshot.context.srcAccount?.email ?? null };
};
