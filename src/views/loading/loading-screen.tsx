import { css } from '@emotion/react';
import { consentWords } from '../../../contract/words/en/consent.ts';
import { useWords } from '../../words/use-words';
import { space } from '../../theme/theme';
import { Card, Spinner } from '../../ui';
import { usePortalSelector } from '../../portal/portal-context';
import { selectSource } from '../../../machines/index.ts';

const box = css`
  display: grid;
  place-items: center;
  min-height: 320px;
  padding: ${space(10)} ${space(4)};
`;

/** `/loading`: the account check after sign-in; the machine moves on when it is done. */
export default function LoadingScreen() {
  const email = usePortalSelector(selectSource)?.email;
  const t = useWords(consentWords);
  return (
    <Card css={box}>
      <h1 css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0,0,0,0)' }}>{t('checking')}</h1>
      <Spinner label={t('fetching', { email: email ?? t('yourAccount') })} />
    </Card>
  );
}
