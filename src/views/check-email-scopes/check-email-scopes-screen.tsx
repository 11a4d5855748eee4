import { css } from '@emotion/react';
import { consentWords } from '../../../contract/words/en/consent.ts';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { useWords } from '../../words/use-words';
import { colors, space } from '../../theme/theme';
import { Alert, ButtonRow, Card, PageHeading } from '../../ui';
import { NextButton } from '../wizard-buttons';

const steps = css`
  margin: 0;
  padding-left: ${space(5)};
  li {
    margin-bottom: ${space(3)};
  }
  li::marker {
    color: ${colors.primary};
    font-weight: 700;
  }
`;

/** `/check-email-scopes`: Google's consent came back without every permission. */
export default function CheckEmailScopesScreen() {
  const t = useWords(consentWords);
  const e = useWords(errorWords);
  return (
    <Card as="section">
      <PageHeading lead={t('scopesLead')}>{t('scopesTitle')}</PageHeading>
      <Alert tone="warning">{e('optionsMissingScope')}</Alert>
      <ol css={steps}>
        <li>{t('scopesStepNext')}</li>
        <li>{t('scopesStepGoogle')}</li>
        <li>{t('scopesStepTick')}</li>
      </ol>
      <ButtonRow next={<NextButton />} />
    </Card>
  );
}
