import { brand } from '../../config/brand';
import { space } from '../../theme/theme';
import { Card, PageHeading, Spinner } from '../../ui';
import { usePortalSelector } from '../../portal/portal-context';
import { selectScreen } from '../../../machines/index.ts';

/** `/privacy-policy` and `/terms-of-service`: the machine leaves for the external page after 500 ms. */
export default function PolicyRedirectScreen() {
  const screen = usePortalSelector(selectScreen);
  const terms = screen === 'termsOfService';
  const name = terms ? 'Terms of Service' : 'Privacy Policy';
  const url = terms ? brand.termsOfServiceUrl : brand.privacyPolicyUrl;
  return (
    <Card as="section">
      <PageHeading>{name}</PageHeading>
      <Spinner label={`Taking you to our ${name}...`} />
      <p css={{ textAlign: 'center', marginTop: space(6) }}>
        Not moving? <a href={url}>Open the {name}</a>
      </p>
    </Card>
  );
}
