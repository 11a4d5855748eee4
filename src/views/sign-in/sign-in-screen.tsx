import { lazy, Suspense, useEffect } from 'react';
import { css } from '@emotion/react';
import { brand } from '../../config/brand';
import { colors, font, mediaUp, space } from '../../theme/theme';
// Direct files, not the kit's barrel: this screen is in the first-load bundle, and the barrel would
// pull every kit component (their styles are module-level calls the bundler must keep) into it.
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectErrorModal, selectStatusLookup } from '../../../machines/index.ts';
import { signInWords } from '../../../contract/words/en/sign-in.ts';
import { useWords } from '../../words/use-words';

// The dialogs (and the Modal and TextField they use) load only when one opens: they are not part
// of what the sign-in page needs to become interactive.
const loadStatusLookupModal = () => import('./status-lookup-modal');
const StatusLookupModal = lazy(loadStatusLookupModal);
const ErrorModal = lazy(() => import('./error-modal'));

const grid = css`
  display: grid;
  gap: ${space(5)};
  ${mediaUp('md')} {
    grid-template-columns: 3fr 2fr;
    gap: ${space(6)};
  }
`;

const steps = css`
  margin: ${space(2)} 0 ${space(6)};
  padding-left: ${space(5)};
  color: ${colors.muted};
  li {
    margin-bottom: ${space(1.5)};
  }
`;

const aside = css`
  h2 {
    font-size: ${font.size.lg};
    margin-bottom: ${space(2)};
  }
  p {
    margin: 0 0 ${space(4)};
    color: ${colors.muted};
  }
`;

/** `/`: sign in with the provider's single sign-on, or look up an export's status. */
export default function SignInScreen() {
  const send = usePortalSend();
  // Once the redirect to the sign-in page has started the machine takes no second click.
  const canSignIn = usePortalCan({ type: 'SIGN_IN.REQUESTED' });
  const t = useWords(signInWords);

  return (
    <>
      <PageHeading lead={t('lead', { provider: brand.providerName })}>{t('title')}</PageHeading>
      <div css={grid}>
        <Card as="section" aria-labelledby="sign-in-title">
          <h2 id="sign-in-title" css={{ fontSize: font.size.xl, marginBottom: space(2) }}>
            {t('startTitle')}
          </h2>
          <ol css={steps}>
            <li>{t('stepSignIn', { provider: brand.providerName })}</li>
            <li>{t('stepChoose')}</li>
            <li>{t('stepPick')}</li>
          </ol>
          <Button onClick={() => send({ type: 'SIGN_IN.REQUESTED' })} loading={!canSignIn} css={{ width: '100%' }}>
            {t('signIn')}
          </Button>
        </Card>
        <Card as="section" aria-labelledby="status-title" css={aside}>
          <h2 id="status-title">{t('alreadyTitle')}</h2>
          <p>{t('alreadyText')}</p>
          <Button variant="secondary" onClick={() => send({ type: 'STATUS_LOOKUP.OPENED' })}>
            {t('checkStatus')}
          </Button>
        </Card>
      </div>
      <SignInDialogs />
    </>
  );
}

function SignInDialogs() {
  // Fetch the lookup dialog once the page is up, so it opens at once and no keystroke is lost.
  useEffect(() => {
    void loadStatusLookupModal();
  }, []);
  const lookupOpen = usePortalSelector((snapshot) => selectStatusLookup(snapshot).open);
  const hasError = usePortalSelector((snapshot) => selectErrorModal(snapshot) !== null);
  return (
    <Suspense fallback={null}>
      {lookupOpen && <StatusLookupModal />}
      {hasError && <ErrorModal />}
    </Suspense>
  );
}
