/**
 * /accept-google-terms (spec §2): the privacy statement to read before the portal asks Google for
 * access. Next accepts the terms (the machine records it), Back returns to the destination choice.
 */
import { css } from '@emotion/react';
import { ButtonRow, Card, PageHeading } from '../../ui';
import { colors, radii, space, mediaUp } from '../../theme/theme';
import { PrivacyStatement } from './privacy-statement';
import { BackButton, NextButton } from '../wizard-buttons';
import { useWords } from '../../words/use-words';
import { googleTermsWords } from '../../../contract/words/en/google-terms.ts';

// The statement scrolls inside its own box so Back and Next stay in view; the box is focusable
// (tabIndex 0) so keyboard users can scroll it with the arrow keys.
const scrollBox = css`
  max-height: 55vh;
  overflow-y: auto;
  padding: ${space(4)};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.background};
  ${mediaUp('md')} {
    max-height: 420px;
    padding: ${space(6)};
  }
`;

export default function AcceptGoogleTermsScreen() {
  const t = useWords(googleTermsWords);
  return (
    <Card as="section">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      <div css={scrollBox} role="region" aria-label={t('region')} tabIndex={0}>
        <PrivacyStatement headingId="gmail-privacy" />
      </div>
      <ButtonRow back={<BackButton />} next={<NextButton />} />
    </Card>
  );
}
