import { css } from '@emotion/react';
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
  return (
    <Card as="section">
      <PageHeading lead="Gmail did not give us all the permissions we need to copy your data.">We need a few more permissions</PageHeading>
      <Alert tone="warning">Please, select all the requested permissions while authenticating.</Alert>
      <ol css={steps}>
        <li>Select Next to go back to choosing what to save.</li>
        <li>Continue to Google and sign in to your Gmail account again.</li>
        <li>On Google's screen that asks what we may do, tick every box. Then select Continue.</li>
      </ol>
      <ButtonRow next={<NextButton />} />
    </Card>
  );
}
