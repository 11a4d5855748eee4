/**
 * The plain-language statement a customer accepts before the portal may ask Google for access to
 * their Gmail account (spec §2 /accept-google-terms), in the customer's language (the googleTerms
 * section): kept apart from the screen so the screen file stays about layout and events.
 */
import styled from '@emotion/styled';
import { colors, font, space } from '../../theme/theme';
import { brand } from '../../config/brand';
import { useWords } from '../../words/use-words';
import { googleTermsWords } from '../../../contract/words/en/google-terms.ts';

const Section = styled.section`
  & + & {
    margin-top: ${space(6)};
  }
  h2 {
    font-size: ${font.size.md};
    color: ${colors.dark};
    margin: 0 0 ${space(2)};
  }
  p,
  li {
    line-height: 1.6;
    margin: 0 0 ${space(2)};
  }
  ul {
    padding-left: ${space(5)};
    margin: 0;
  }
`;

export function PrivacyStatement({ headingId }: { headingId: string }) {
  const t = useWords(googleTermsWords);
  const provider = { provider: brand.providerName };
  return (
    <>
      <Section aria-labelledby={`${headingId}-why`}>
        <h2 id={`${headingId}-why`}>{t('whyTitle')}</h2>
        <p>{t('whyText', provider)}</p>
      </Section>

      <Section aria-labelledby={`${headingId}-what`}>
        <h2 id={`${headingId}-what`}>{t('whatTitle')}</h2>
        <ul>
          <li>
            <strong>{t('mailLabel')}</strong> {t('mailText', provider)}
          </li>
          <li>
            <strong>{t('contactsLabel')}</strong> {t('contactsText', provider)}
          </li>
          <li>{t('onlyMove')}</li>
          <li>{t('noSell')}</li>
        </ul>
      </Section>

      <Section aria-labelledby={`${headingId}-how`}>
        <h2 id={`${headingId}-how`}>{t('howTitle')}</h2>
        <p>{t('howText', provider)}</p>
      </Section>

      <Section aria-labelledby={`${headingId}-keep`}>
        <h2 id={`${headingId}-keep`}>{t('keepTitle')}</h2>
        <p>{t('keepText')}</p>
      </Section>

      <Section aria-labelledby={`${headingId}-control`}>
        <h2 id={`${headingId}-control`}>{t('controlTitle')}</h2>
        <ul>
          <li>{t('controlRemove')}</li>
          <li>{t('controlApprove')}</li>
          <li>{t('controlRules')}</li>
        </ul>
      </Section>

      <Section aria-labelledby={`${headingId}-help`}>
        <h2 id={`${headingId}-help`}>{t('helpTitle')}</h2>
        <p>{t('helpText', provider)}</p>
      </Section>
    </>
  );
}
