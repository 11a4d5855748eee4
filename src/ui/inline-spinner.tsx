import { css, keyframes } from '@emotion/react';

// Its own file: buttons (first-load) need only this ring, not the page loader's bars.
const spin = keyframes`to { transform: rotate(360deg); }`;
const inline = css`
  width: 1em;
  height: 1em;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.7s linear infinite;
  flex: none;
`;

/** A small ring for busy buttons; decorative, the button carries aria-busy. */
export function InlineSpinner() {
  return <span css={inline} aria-hidden="true" />;
}
