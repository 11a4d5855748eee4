import { Global, css } from '@emotion/react';
import { FIRST_PAINT_ATTRIBUTE } from '../first-paint/attributes';
import { colors, font, focusRing } from './theme';

/** Base document styles: font, colours, a visible focus ring for keyboard users only. */
const base = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${font.family};
    font-size: ${font.size.md};
    line-height: ${font.lineHeight.normal};
    color: ${colors.dark};
    background: ${colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1,
  h2,
  h3 {
    line-height: ${font.lineHeight.tight};
    margin: 0;
  }
  a {
    color: ${colors.primary};
  }
  a:hover {
    color: ${colors.primaryHover};
  }
  :focus-visible {
    ${focusRing}
  }
  :focus:not(:focus-visible) {
    outline: none;
  }
  /* A prerendered page's controls do nothing until the script has taken the page over (the
     attribute goes then): a tap then goes to nothing rather than to a control that ignores it, and
     a browser test's click waits for the live control. Links work either way. */
  #root[${FIRST_PAINT_ATTRIBUTE}] :is(button, input, label, select, textarea) {
    pointer-events: none;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={base} />;
}

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
