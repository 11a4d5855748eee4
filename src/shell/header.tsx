import { css } from '@emotion/react';
import { brand } from '../config/brand';
import { colors, font, layout, mediaUp, space } from '../theme/theme';
import { ExternalLink } from '../ui/external-link';
import { shellWords } from '../../contract/words/en/shell.ts';
import { LanguageSwitch } from '../words/language-switch';
import { useWords } from '../words/use-words';

const bar = css`
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
`;

const inner = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(3)};
  max-width: ${layout.maxWidth};
  height: ${layout.headerHeight};
  margin: 0 auto;
  padding: 0 ${space(4)};
  ${mediaUp('md')} {
    padding: 0 ${space(8)};
  }
`;

const logo = css`
  display: block;
  height: 36px;
  width: auto;
  ${mediaUp('md')} {
    height: 42px;
  }
`;

const nav = css`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  a,
  button {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 ${space(2)};
    border-radius: 6px;
    color: ${colors.primary};
    text-decoration: none;
    font: inherit;
    background: none;
    border: 0;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${colors.primarySoft};
    color: ${colors.primaryHover};
  }
`;

const divider = css`
  width: 1px;
  height: 20px;
  background: ${colors.borderStrong};
  margin: 0 ${space(1)};
`;

export type HeaderProps = {
  /** Start over (and the bar before it) show only on steps 2, 3, 4 and 6 (spec §1). */
  showStartOver: boolean;
  onStartOver: () => void;
};

/** The wizard's header: the provider's logo linking home, the FAQ, and Start over when allowed. */
export function Header({ showStartOver, onStartOver }: HeaderProps) {
  const t = useWords(shellWords);
  return (
    <header css={bar}>
      <div css={inner}>
        <a href={brand.homeUrl} aria-label={t('homePage', { provider: brand.providerName })}>
          <img css={logo} src={brand.logoPath} alt={brand.providerName} width={135} height={36} />
        </a>
        <nav css={nav} aria-label={t('help')}>
          <LanguageSwitch />
          <ExternalLink href={brand.faqUrl}>{t('faq')}</ExternalLink>
          {showStartOver && (
            <>
              <span css={divider} aria-hidden="true" data-testid="start-over-divider" />
              <button type="button" onClick={onStartOver}>
                {t('startOver')}
              </button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
