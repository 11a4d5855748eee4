/**
 * What is about to happen, as a definition list: from which account, to where (or in which file
 * formats), and what. Long addresses are shortened on phones (§9) with the full name kept.
 */
import { css } from '@emotion/react';
import { startWords } from '../../../contract/words/en/start.ts';
import { useWords } from '../../words/use-words';
import { TruncatedName } from '../../ui';
import { colors, font, mediaUp, radii, space } from '../../theme/theme';
import { sameData, usePortalSelector } from '../../portal/portal-context';
import { selectDestination, selectLanguage, selectOperations, selectSource } from '../../../machines/index.ts';
import { providerLabel } from '../destination-account/provider-labels';

const list = css`
  display: grid;
  gap: ${space(4)};
  margin: 0 0 ${space(6)};
  padding: ${space(5)};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.background};
  ${mediaUp('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  dt {
    font-size: ${font.size.xs};
    font-weight: ${font.weight.bold};
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${colors.muted};
    margin-bottom: ${space(1)};
  }
  dd {
    margin: 0;
    font-weight: ${font.weight.medium};
    overflow-wrap: anywhere;
  }
  dd small {
    display: block;
    color: ${colors.muted};
    font-weight: ${font.weight.regular};
    font-size: ${font.size.sm};
  }
`;

const WHAT = { email: 'whatEmail', contacts: 'whatContacts', both: 'whatBoth' } as const;

export function ExportSummary() {
  const source = usePortalSelector(selectSource);
  const destination = usePortalSelector(selectDestination);
  const options = usePortalSelector(selectOperations, sameData);
  const t = useWords(startWords);
  const language = usePortalSelector(selectLanguage);
  const provider = destination ? providerLabel(destination.provider, language).name : '';
  const formats = [
    options.choice !== 'contacts' && options.emailFormat ? t('emailAs', { format: options.emailFormat }) : null,
    options.choice !== 'email' && options.contactsFormat ? t('contactsAs', { format: options.contactsFormat }) : null,
  ].filter(Boolean);

  return (
    <dl css={list}>
      <div>
        <dt>{t('from')}</dt>
        <dd>{source?.email ? <TruncatedName name={source.email} /> : '—'}</dd>
      </div>
      <div>
        <dt>{t('to')}</dt>
        <dd>
          {options.isFileExport ? (
            <>
              {t('aFile')}
              {formats.length > 0 && <small>{formats.join(', ')}</small>}
            </>
          ) : (
            <>
              {provider}
              {destination?.email && (
                <small>
                  <TruncatedName name={destination.email} />
                </small>
              )}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('what')}</dt>
        <dd>{options.choice ? t(WHAT[options.choice]) : '—'}</dd>
      </div>
    </dl>
  );
}
