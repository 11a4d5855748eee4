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
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { MAIL_CHOICE_TEXTS, selectMailChoice } from '../../../machines/index.ts';

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
  const choice = usePortalSelector(selectMailChoice);
  const send = usePortalSend();
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
        {MAIL_CHOICE_TEXTS.disclosure}
      </button>
      {!choice.open && choice.summary && <span css={count}> {choice.summary}</span>}
      {choice.open && (
        <div id={panelId}>
          <fieldset css={group}>
            <legend>{MAIL_CHOICE_TEXTS.rangeLegend}</legend>
            {choice.ranges.map((range) => (
              <label key={range.value} className="range">
                <input
                  type="radio"
                  name="mail-range"
                  value={range.value}
                  checked={choice.range === range.value}
                  onChange={() => send({ type: 'MAIL_RANGE.SELECTED', range: range.value })}
                />
                {range.label}
              </label>
            ))}
            {choice.range === 'from-date' && (
              <TextField
                type="date"
                label={MAIL_CHOICE_TEXTS.fromDateLabel}
                value={choice.fromDate}
                error={choice.problem === MAIL_CHOICE_TEXTS.fromDateMissing ? choice.problem : null}
                onChange={(value) => send({ type: 'MAIL_FROM_DATE.CHANGED', value })}
              />
            )}
          </fieldset>
          <fieldset css={group} aria-busy={choice.loading || undefined}>
            <legend>{MAIL_CHOICE_TEXTS.foldersLegend}</legend>
            {choice.loading && <p role="status">{MAIL_CHOICE_TEXTS.listing}</p>}
            {choice.foldersError && (
              <>
                <Alert tone="error">{choice.foldersError}</Alert>
                {choice.canRetry && (
                  <Button variant="secondary" onClick={() => send({ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' })}>
                    {MAIL_CHOICE_TEXTS.retry}
                  </Button>
                )}
              </>
            )}
            {choice.folders.map((folder) => (
              <Checkbox
                key={folder.path}
                label={
                  <>
                    {folder.label} <span css={count}>({folder.detail})</span>
                  </>
                }
                checked={folder.ticked}
                onChange={() => send({ type: 'MAIL_FOLDER.TOGGLED', path: folder.path })}
              />
            ))}
            {choice.moreFolders && <p css={count}>{choice.moreFolders}</p>}
            {choice.problem === MAIL_CHOICE_TEXTS.noFolder && <Alert tone="error">{choice.problem}</Alert>}
          </fieldset>
        </div>
      )}
    </section>
  );
}
