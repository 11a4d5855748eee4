import { useEffect, useState } from 'react';
import { css, keyframes } from '@emotion/react';
import { colors } from '../theme/theme';
import { Spinner } from '../ui/spinner';

/** The overlay stays this long after the work ends, fading out instead of blinking (§1). */
export const OVERLAY_REMOVAL_DELAY_MS = 150;

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const overlay = (busy: boolean) => css`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: grid;
  place-items: center;
  background: rgba(250, 249, 252, 0.85);
  backdrop-filter: blur(2px);
  color: ${colors.dark};
  animation: ${fadeIn} ${OVERLAY_REMOVAL_DELAY_MS}ms ease;
  opacity: ${busy ? 1 : 0};
  transition: opacity ${OVERLAY_REMOVAL_DELAY_MS}ms ease;
`;

export type LoadingOverlayProps = { busy: boolean; label?: string };

/** A full-page loader shown while the machine is busy; fades in, and fades out for 150 ms before removal. */
export function LoadingOverlay({ busy, label = 'Please wait…' }: LoadingOverlayProps) {
  const [wasBusy, setWasBusy] = useState(busy);
  const [lingering, setLingering] = useState(false);
  // Adjusting state while rendering (not in an effect): the frame that ends the work starts the fade.
  if (wasBusy !== busy) {
    setWasBusy(busy);
    setLingering(!busy);
  }

  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), OVERLAY_REMOVAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lingering]);

  if (!busy && !lingering) return null;
  return (
    <div css={overlay(busy)} data-testid="loading-overlay" aria-busy={busy}>
      <Spinner label={label} />
    </div>
  );
}
