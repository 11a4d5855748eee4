/**
 * A signed-in screen before its script runs: the screen's own heading and lead, and grey blocks
 * where its content will be (the content is the customer's, known only to the tab's session). The
 * live screen replaces the whole card; its heading lands where this one was.
 */
import { css } from '@emotion/react';
import { Card } from '../ui/card';
import { StaticPageHeading } from '../ui/page-heading';
import { visuallyHidden } from '../ui/visually-hidden';
import { colors, radii, space } from '../theme/theme';
import { useScreenHeading, type SketchedScreen } from '../views/screen-headings';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';

const blocks = css`
  display: grid;
  gap: ${space(3)};
`;

const block = (height: number, width: string) => css`
  height: ${height}px;
  width: ${width};
  border-radius: ${radii.md};
  background: ${colors.lightGrey};
`;

const SHAPES: [number, string][] = [
  [76, '100%'],
  [76, '100%'],
  [76, '100%'],
  [20, '80%'],
];

export function ScreenSkeleton({ screen }: { screen: SketchedScreen }) {
  const heading = useScreenHeading(screen);
  const t = useWords(shellWords);
  return (
    <Card as="section" aria-busy="true">
      <StaticPageHeading lead={heading.lead}>{heading.title}</StaticPageHeading>
      <p css={css(visuallyHidden)}>{t('loading')}</p>
      <div css={blocks} aria-hidden="true">
        {SHAPES.map(([height, width], index) => (
          <div key={index} css={block(height, width)} />
        ))}
      </div>
    </Card>
  );
}
