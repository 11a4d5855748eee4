import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, layout, mediaUp, space } from '../theme/theme';

const page = css`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${colors.background};
`;

const body = (hasSidebar: boolean) => css`
  flex: 1 0 auto;
  width: 100%;
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: ${space(5)} ${space(4)} ${space(10)};
  display: grid;
  gap: ${space(5)};
  grid-template-columns: minmax(0, 1fr);
  /* Rows keep their own height: were they stretched to fill the page, a screen whose content
     grows after the first paint (an error, a list) would shrink the sidebar and move itself up. */
  align-content: start;
  ${mediaUp('md')} {
    padding: ${space(8)} ${space(8)} ${space(12)};
  }
  ${mediaUp('lg')} {
    gap: ${space(10)};
    grid-template-columns: ${hasSidebar ? `${layout.sidebarWidth} minmax(0, 1fr)` : 'minmax(0, 1fr)'};
    align-items: start;
  }
`;

const sidebarBox = css`
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: 16px;
  padding: ${space(4)} ${space(2)};
  ${mediaUp('lg')} {
    position: sticky;
    top: ${space(6)};
    padding: ${space(7)} ${space(6)};
  }
`;

const skip = css`
  position: absolute;
  left: ${space(2)};
  top: -100px;
  z-index: 60;
  padding: ${space(2)} ${space(4)};
  background: ${colors.dark};
  color: ${colors.white} !important;
  border-radius: 6px;
  &:focus {
    top: ${space(2)};
  }
`;

export type WizardLayoutProps = {
  header: ReactNode;
  /** The home outlet: only on the sign-in screen (§1). */
  home?: ReactNode;
  /** The sidebar outlet: the step list; absent when the screen has no sidebar. */
  sidebar?: ReactNode;
  /** The main outlet: the screen. */
  main: ReactNode;
  footer: ReactNode;
};

/** The wizard shell's three outlets between header and footer. */
export function WizardLayout({ header, home, sidebar, main, footer }: WizardLayoutProps) {
  return (
    <div css={page}>
      <a href="#main" css={skip}>
        Skip to content
      </a>
      {header}
      {home}
      <div css={body(Boolean(sidebar))}>
        {sidebar && <aside css={sidebarBox}>{sidebar}</aside>}
        <main id="main" tabIndex={-1} css={{ minWidth: 0, outline: 'none', boxShadow: 'none' }}>
          {main}
        </main>
      </div>
      {footer}
    </div>
  );
}
