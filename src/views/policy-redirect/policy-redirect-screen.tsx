import { brand } from '../../config/brand';
import { supportWords } from '../../../contract/words/en/support.ts';
import { useWords } from '../../words/use-words';
import { space } from '../../theme/theme';
import { Card, PageHeading, Spinner } from '../../ui';
import { usePortalSelector } from '../../portal/portal-context';
import { selectScreen } from '../../../machines/index.ts';

/** `/privacy-policy` and `/terms-of-service`: the machine leaves for the external page after 500 ms. */
export default function PolicyRedirectScreen() {
  const screen = usePortalSelector(selectScreen);
  const terms = screen === 'termsOfService';
  const t = useWords(supportWords);
  const name = t(terms ? 'termsOfService' : 'privacyPolicy');
  const url = terms ? brand.termsOfServiceUrl : brand.privacyPolicyUrl;
  return (
    <Card as="section">
      <PageHeading>{name}</PageHeading>
      <Spinner label={t('takingYou', { page: name })} />
      <p css={{ textAlign: 'center', marginTop: space(6) }}>
        {t('notMoving')} <a href={url}>{t('open', { page: name })}</a>
      </p>
    </Card>
  );
}
