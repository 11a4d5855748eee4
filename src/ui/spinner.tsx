import { css, keyframes } from '@emotion/react';
import { colors, font, loader, space } from '../theme/theme';
import { visuallyHidden } from './visually-hidden';

// Bars that grow in turn: the loader of spec §9 (bars, opacity 1, purple on light grey).
const pulse = keyframes`
  0%, 80%, 100% { transform: scaleY(0.4); background: ${loader.track}; }
  40% { transform: scaleY(1); background: ${loader.bar}; }
`;

const bars = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 40px;
  opacity: ${loader.opacity};
  span {
    display: block;
    width: 7px;
    height: 100%;
    border-radius: 3px;
    background: ${loader.track};
    animation: ${pulse} 1.1s ease-in-out infinite;
  }
  span:nth-of-type(2) { animation-delay: 0.12s; }
  span:nth-of-type(3) { animation-delay: 0.24s; }
  span:nth-of-type(4) { animation-delay: 0.36s; }
  span:nth-of-type(5) { animation-delay: 0.48s; }
`;

const wrap = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(4)};
  text-align: center;
  color: ${colors.dark};
  font-size: ${font.size.lg};
`;

export type SpinnerProps = {
  /** What is happening, announced to screen readers and shown below the bars. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
};

/** A loader with a polite live region, so "Fetching information…" is announced once. */
export function Spinner({ label, hideLabel = false }: SpinnerProps) {
  return (
    <div css={wrap} role="status" aria-live="polite">
      <div css={bars} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <span css={hideLabel ? srOnly : undefined}>{label}</span>
    </div>
  );
}

const srOnly = css`
  ${visuallyHidden}
`;
