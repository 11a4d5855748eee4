/**
 * "Choose what to move": a disclosure under the choice of email and contacts, closed by default so
 * the page is as short as before. Open, it offers a date range (a fieldset of radio buttons, with a
 * date field for "From a date") and the source's folders as checkboxes whose names carry their counts.
 * What is open, listed, ticked and allowed is the machine's; this view shows it and sends the events.
 */
import { useId } from 'react';
import { css } from '@emotion/react';
import { Alert, Button, Checkbox, TextField } from '../../ui';
import { colors, font, radii, space } from '../../theme/theme';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { useWords } from '../../words/use-words';
import { mailChoiceWords } from '../../../contract/words/en/mail-choice.ts';
import { selectLanguage, selectMailChoice } from '../../../machines/index.ts';
import { folderCounts, folderName, summaryWords } from './mail-choice-words';

const panel = css`
  margin-top: ${space(5)};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  padding: ${space(3)} ${space(4)};
`;

const toggle = css`
  background: none;
  border: none;
  padding: ${space(1)} 0;
  font: inherit;
  font-weight: ${font.weight.medium};
  color: ${colors.primary};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${colors.primary};
    outline-offset: 2px;
  }
`;

const group = css`
  border: none;
  margin: ${space(4)} 0 0;
  padding: 0;
  legend {
    font-weight: ${font.weight.bold};
    margin-bottom: ${space(2)};
  }
  label.range {
    display: flex;
    gap: ${space(2)};
    align-items: center;
    margin-bottom: ${space(2)};
    cursor: pointer;
  }
`;

const count = css`
  font-weight: ${font.weight.regular};
  color: ${colors.muted};
`;

export function MailChoice() {
  const choice = usePortalSelector(selectMailChoice, sameData);
  const language = usePortalSelector(selectLanguage);
  const send = usePortalSend();
  const t = useWords(mailChoiceWords);
  const panelId = useId();
  if (!choice.offered) return null;

  return (
    <section css={panel}>
      <button
        type="button"
        css={toggle}
        aria-expanded={choice.open}
        aria-controls={panelId}
        onClick={() => send({ type: 'MAIL_CHOICE.TOGGLED' })}
      >
        <span aria-hidden="true">{choice.open ? '▾ ' : '▸ '}</span>
        {t('disclosure')}
      </button>
      {!choice.open && choice.summary && <span css={count}> {summaryWords(t, language, choice.summary)}</span>}
      {choice.open && (
        <div id={panelId}>
          <fieldset css={group}>
            <legend>{t('rangeLegend')}</legend>
            {choice.ranges.map((range) => (
              <label key={range} className="range">
                <input
                  type="radio"
                  name="mail-range"
                  value={range}
                  checked={choice.range === range}
                  onChange={() => send({ type: 'MAIL_RANGE.SELECTED', range })}
                />
                {t(range)}
              </label>
            ))}
            {choice.range === 'from-date' && (
              <TextField
                type="date"
                label={t('fromDateLabel')}
                value={choice.fromDate}
                error={choice.problem === 'fromDateMissing' ? t(choice.problem) : null}
                onChange={(value) => send({ type: 'MAIL_FROM_DATE.CHANGED', value })}
              />
            )}
          </fieldset>
          <fieldset css={group} aria-busy={choice.loading || undefined}>
            <legend>{t('foldersLegend')}</legend>
            {choice.loading && <p role="status">{t('listing')}</p>}
            {choice.foldersError && (
              <>
                <Alert tone="error">{t(choice.foldersError)}</Alert>
                {choice.canRetry && (
                  <Button variant="secondary" onClick={() => send({ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' })}>
                    {t('retry')}
                  </Button>
                )}
              </>
            )}
            {choice.folders.map((folder) => (
              <Checkbox
                key={folder.path}
                label={
                  <>
                    {folderName(t, folder)} <span css={count}>({folderCounts(t, folder)})</span>
                  </>
                }
                checked={folder.ticked}
                onChange={() => send({ type: 'MAIL_FOLDER.TOGGLED', path: folder.path })}
              />
            ))}
            {choice.moreFolders && <p css={count}>{t('moreFolders')}</p>}
            {choice.problem === 'noFolder' && <Alert tone="error">{t(choice.problem)}</Alert>}
          </fieldset>
        </div>
      )}
    </section>
  );
}
