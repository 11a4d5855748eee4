import { css } from '@emotion/react';
import { DESTINATIONS } from '../../contract/index.ts';
import { brand } from '../config/brand';
import { colors, font, layout, mediaUp, space } from '../theme/theme';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';

const band = css`
  background:
    radial-gradient(circle at 85% 20%, rgba(242, 177, 52, 0.28), transparent 40%),
    linear-gradient(135deg, ${colors.primary} 0%, ${colors.dark} 100%);
  color: ${colors.white};
`;

const inner = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: ${space(6)} ${space(4)} ${space(7)};
  ${mediaUp('md')} {
    padding: ${space(14)} ${space(8)} ${space(16)};
  }
`;

const title = css`
  font-size: 1.75rem;
  font-weight: ${font.weight.bold};
  letter-spacing: -0.02em;
  line-height: 1.15;
  max-width: 20ch;
  margin: 0 0 ${space(3)};
  ${mediaUp('md')} {
    font-size: 2.75rem;
  }
`;

const text = css`
  font-size: ${font.size.md};
  max-width: 56ch;
  margin: 0;
  ${mediaUp('md')} {
    font-size: ${font.size.lg};
    margin-bottom: ${space(6)};
  }
  color: #eadff4;
`;

const points = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: none; /* phones: keep the sign-in button near the top */
  gap: ${space(2)};
  ${mediaUp('md')} {
    display: grid;
    grid-template-columns: repeat(3, max-content);
    gap: ${space(8)};
  }
  li {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    font-weight: ${font.weight.medium};
  }
  li::before {
    content: '✓';
    display: inline-grid;
    place-items: center;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    background: ${colors.accent};
    color: ${colors.dark};
    font-size: ${font.size.xs};
    font-weight: ${font.weight.bold};
  }
`;

/** "Gmail, Outlook.com, Yahoo Mail, AOL Mail": the providers whose cards everyone sees, by their descriptors. */
const MAILBOX_PROVIDERS = DESTINATIONS.filter(({ authorization, successor }) => authorization === 'oauth' && !successor)
  .map(({ name }) => name)
  .join(', ');

/** The home outlet's content: shown only on the sign-in screen. */
export function HomeHero() {
  const t = useWords(shellWords);
  return (
    <section css={band} aria-labelledby="home-hero-title">
      <div css={inner}>
        <p id="home-hero-title" css={title}>
          {t('heroTitle')}
        </p>
        <p css={text}>{t('heroText', { provider: brand.providerName, providers: MAILBOX_PROVIDERS })}</p>
        <ul css={points}>
          <li>{t('heroFree')}</li>
          <li>{t('heroStays')}</li>
          <li>{t('heroTrack')}</li>
        </ul>
      </div>
    </section>
  );
}
