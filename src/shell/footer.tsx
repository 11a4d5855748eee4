import { css } from '@emotion/react';
import { IntentLink } from '../portal/intent-link';
import { brand } from '../config/brand';
import { colors, font, mediaUp, space } from '../theme/theme';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';

export type FooterProps = {
  /** The footer widget's client id (the webmail export's). */
  clientId: string;
  theme: 'light' | 'dark';
  /** Show the corporate legal line and links. */
  corporateLegal: boolean;
  /** Content width in pixels. */
  width: number;
};

const bar = (themeName: FooterProps['theme']) => css`
  margin-top: auto;
  background: ${themeName === 'light' ? colors.surface : colors.dark};
  color: ${themeName === 'light' ? colors.muted : colors.white};
  border-top: 1px solid ${colors.border};
  font-size: ${font.size.sm};
`;

const inner = (width: number) => css`
  max-width: ${width}px;
  margin: 0 auto;
  padding: ${space(6)} ${space(4)};
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  ${mediaUp('md')} {
    flex-direction: row;
    justify-content: space-between;
    align-items: center;
    padding: ${space(6)} ${space(8)};
  }
  ul {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: ${space(1)} ${space(5)};
    margin: 0;
    padding: 0;
  }
  a {
    color: inherit;
    text-underline-offset: 3px;
  }
  p {
    margin: 0;
  }
`;

/** The legal footer widget of §1, rendered from its four props. */
export function Footer({ clientId, theme: themeName, corporateLegal, width }: FooterProps) {
  const year = new Date().getFullYear();
  const t = useWords(shellWords);
  return (
    <footer css={bar(themeName)} data-client-id={clientId} data-theme={themeName}>
      <div css={inner(width)}>
        <p>{t(corporateLegal ? 'rightsReserved' : 'copyright', { year, provider: brand.providerName })}</p>
        {corporateLegal && (
          <nav aria-label={t('legal')}>
            <ul>
              <li>
                <IntentLink intent={{ type: 'POLICY.OPENED', page: 'privacyPolicy' }}>{t('privacyPolicy')}</IntentLink>
              </li>
              <li>
                <IntentLink intent={{ type: 'POLICY.OPENED', page: 'termsOfService' }}>{t('termsOfService')}</IntentLink>
              </li>
              <li>
                <IntentLink intent={{ type: 'SUPPORT.OPENED' }}>{t('contactSupport')}</IntentLink>
              </li>
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}
