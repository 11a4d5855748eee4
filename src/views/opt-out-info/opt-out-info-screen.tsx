/**
 * /opt-out-info (spec §2, layout ours): where the account stands — open, scheduled to close,
 * closed, or moved — in plain words with the days left (the one deadline the destination page also
 * gives), and the actions the machine allows now: schedule the closure or cancel it (each after a
 * confirmation), or go on to save the data.
 */
import { css } from '@emotion/react';
import { useErrorWords } from '../../words/use-error-words';
import { useWords } from '../../words/use-words';
import { optOutWords } from '../../../contract/words/en/opt-out.ts';
import { Alert, Button, Card, PageHeading } from '../../ui';
import { colors, font, mediaUp, radii, space } from '../../theme/theme';
import { brand } from '../../config/brand';
import { sameData, usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectFieldErrors, selectOptOut } from '../../../machines/index.ts';
import { CancelClosureDialog } from './cancel-closure-dialog';
import { daysPhrase, explainOptOut, type OptOutTone } from './opt-out-explanations';
import { ScheduleClosureDialog } from './schedule-closure-dialog';
import { useScreenHeading } from '../screen-headings';

const TONE_COLOURS: Record<OptOutTone, { bar: string; bg: string }> = {
  info: { bar: colors.info, bg: colors.infoSoft },
  warning: { bar: colors.warning, bg: colors.warningSoft },
  final: { bar: colors.muted, bg: colors.lightGrey },
};

const statusBox = (tone: OptOutTone) => css`
  padding: ${space(5)};
  margin: 0 0 ${space(6)};
  border-radius: ${radii.md};
  border-left: 4px solid ${TONE_COLOURS[tone].bar};
  background: ${TONE_COLOURS[tone].bg};
  h2 {
    font-size: ${font.size.xl};
    margin: 0 0 ${space(3)};
  }
  p {
    margin: 0 0 ${space(2)};
    max-width: 65ch;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

const facts = css`
  display: grid;
  gap: ${space(3)};
  margin: 0 0 ${space(6)};
  ${mediaUp('sm')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  div {
    padding: ${space(4)};
    border: 1px solid ${colors.border};
    border-radius: ${radii.md};
  }
  dt {
    font-size: ${font.size.sm};
    color: ${colors.muted};
  }
  dd {
    margin: ${space(1)} 0 0;
    font-size: ${font.size.xl};
    font-weight: ${font.weight.bold};
  }
`;

const actions = css`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding-top: ${space(6)};
  border-top: 1px solid ${colors.border};
  ${mediaUp('sm')} {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: flex-end;
  }
`;

export default function OptOutInfoScreen() {
  const sayError = useErrorWords();
  const t = useWords(optOutWords);
  const heading = useScreenHeading('optOutInfo');
  const optOut = usePortalSelector(selectOptOut, sameData);
  const error = usePortalSelector((s) => selectFieldErrors(s).optOut ?? null);
  const canSchedule = optOut.scheduleShown;
  const canCancel = optOut.cancelShown;
  const canContinue = usePortalCan({ type: 'WIZARD.NEXT_REQUESTED' });
  const send = usePortalSend();

  const state = optOut.infoState ?? 'neverOptedOut';
  const explanation = explainOptOut(state, { providerName: brand.providerName, deadline: optOut.deadline }, t);
  const deadline = explanation.tone === 'final' ? null : optOut.deadline;

  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>

      {error && <Alert tone="error">{sayError(error)}</Alert>}

      <div css={statusBox(explanation.tone)} role="status">
        <h2>{explanation.title}</h2>
        {explanation.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>

      {deadline && (
        <dl css={facts}>
          <div>
            <dt>{t(deadline.event === 'deleted' ? 'deletedInLabel' : 'openForLabel')}</dt>
            <dd>{daysPhrase(deadline.days, t)}</dd>
          </div>
        </dl>
      )}

      {(canSchedule || canCancel || canContinue || optOut.updating) && (
        <div css={actions}>
          {canSchedule && (
            <Button variant="secondary" onClick={() => send({ type: 'OPT_OUT.REQUESTED' })}>
              {t('scheduleClosure')}
            </Button>
          )}
          {canCancel && (
            <Button variant="secondary" onClick={() => send({ type: 'OPT_OUT.CANCEL_REQUESTED' })}>
              {t('cancelClosure')}
            </Button>
          )}
          {canContinue && <Button onClick={() => send({ type: 'WIZARD.NEXT_REQUESTED' })}>{t('save')}</Button>}
          {optOut.updating && (
            <Button loading disabled>
              {t('updating')}
            </Button>
          )}
        </div>
      )}

      {optOut.confirmingSchedule && <ScheduleClosureDialog days={optOut.closureDays} />}
      {optOut.confirmingCancel && <CancelClosureDialog />}
    </Card>
  );
}
