import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { css } from '@emotion/react';
import { colors, font, mediaUp, space } from '../theme/theme';

const h1 = css`
  font-size: ${font.size.xxl};
  font-weight: ${font.weight.bold};
  color: ${colors.dark};
  letter-spacing: -0.01em;
  margin: 0 0 ${space(2)};
  /* Focus moves here by script on each new screen; a ring around the heading would only confuse. */
  &:focus,
  &:focus-visible {
    outline: none;
    box-shadow: none;
  }
  ${mediaUp('md')} {
    font-size: 2rem;
  }
`;

const lead = css`
  font-size: ${font.size.lg};
  color: ${colors.muted};
  margin: 0 0 ${space(6)};
  max-width: 60ch;
`;

const eyebrow = css`
  display: block;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${colors.primary};
  margin-bottom: ${space(2)};
`;

export type PageHeadingProps = {
  children: ReactNode;
  lead?: ReactNode;
  /** A small label above the heading, e.g. "Step 2 of 5". */
  eyebrow?: ReactNode;
  /**
   * Move focus to the heading when the screen appears, so screen-reader and keyboard users start
   * at the new content after each step (the SPA has no page loads to do it for them).
   */
  focusOnMount?: boolean;
};

/** The screen's one h1, with an optional lead paragraph. */
export function PageHeading({ children, lead: leadText, eyebrow: eyebrowText, focusOnMount = true }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Not on the first page load: the browser's own start position is right there.
    if (focusOnMount && document.body.dataset.navigated === 'true') ref.current?.focus({ preventScroll: false });
    document.body.dataset.navigated = 'true';
  }, [focusOnMount]);
  return (
    <HeadingBlock headingRef={ref} lead={leadText} eyebrow={eyebrowText}>
      {children}
    </HeadingBlock>
  );
}

/**
 * The same heading, drawn only: a prerendered skeleton shows it before the screen exists, and must
 * neither take focus nor count as the first screen shown.
 */
export function StaticPageHeading({ children, lead: leadText }: Pick<PageHeadingProps, 'children' | 'lead'>) {
  return <HeadingBlock lead={leadText}>{children}</HeadingBlock>;
}

function HeadingBlock({
  children,
  lead: leadText,
  eyebrow: eyebrowText,
  headingRef,
}: Omit<PageHeadingProps, 'focusOnMount'> & { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <header>
      {eyebrowText && <span css={eyebrow}>{eyebrowText}</span>}
      <h1 ref={headingRef} css={h1} tabIndex={-1}>
        {children}
      </h1>
      {leadText && <p css={lead}>{leadText}</p>}
    </header>
  );
}
