import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors } from '../theme/theme';
import { Spinner } from '../ui/spinner';

/** The overlay stays this long after the work ends, fading out instead of blinking (§1). */
export const OVERLAY_REMOVAL_DELAY_MS = 150;

const overlay = (shown: boolean) => css`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: grid;
  place-items: center;
  background: rgba(250, 249, 252, 0.82);
  backdrop-filter: blur(2px);
  color: ${colors.dark};
  opacity: ${shown ? 1 : 0};
  transition: opacity ${OVERLAY_REMOVAL_DELAY_MS}ms ease;
`;

export type LoadingOverlayProps = { busy: boolean; label?: string };

/** A full-page loader shown while the machine is busy; fades in and out, removed 150 ms after. */
export function LoadingOverlay({ busy, label = 'Please wait…' }: LoadingOverlayProps) {
  const [mounted, setMounted] = useState(busy);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (busy) {
      setMounted(true);
      // Next frame, so the opacity transition runs from 0.
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), OVERLAY_REMOVAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!mounted) return null;
  return (
    <div css={overlay(shown)} data-testid="loading-overlay" aria-busy={busy}>
      <Spinner label={label} />
    </div>
  );
}
