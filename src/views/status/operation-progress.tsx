/** One operation of an export on the status page: its state, how far it got, and why it waits or stopped. */
import { css } from '@emotion/react';
import { useErrorWords } from '../../words/use-error-words';
import type { OperationView, Outcome } from '../../../machines/index.ts';
import { colors, font, radii, space } from '../../theme/theme';

/** The mark beside a label: a tick only when everything arrived. */
const MARK: Record<Outcome, string> = { running: '•', paused: '‖', completed: '✓', partial: '!', cancelled: '■', error: '!' };
const TONE: Record<Outcome, { fg: string; bg: string }> = {
  running: { fg: colors.info, bg: colors.infoSoft },
  paused: { fg: colors.warning, bg: colors.warningSoft },
  completed: { fg: colors.success, bg: colors.successSoft },
  partial: { fg: colors.warning, bg: colors.warningSoft },
  cancelled: { fg: colors.warning, bg: colors.warningSoft },
  error: { fg: colors.error, bg: colors.errorSoft },
};
export const KIND_TEXT = { emailmigration: 'Email', contactsmigration: 'Contacts' } as const;

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
`;

const pill = (outcome: Outcome) => css`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(1)} ${space(3)};
  border-radius: ${radii.pill};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  color: ${TONE[outcome].fg};
  background: ${TONE[outcome].bg};
`;

const bar = css`
  display: block;
  width: 100%;
  height: 10px;
  margin: ${space(3)} 0 ${space(2)};
  accent-color: ${colors.primary};
`;

const note = css`
  margin: ${space(1)} 0 0;
  color: ${colors.muted};
  font-size: ${font.size.sm};
`;

export function OperationProgress({ operation }: { operation: OperationView }) {
  const { kind, status, outcome, headline, progress, counts, failed, waiting, paused, estimate, reason } = operation;
  const label = KIND_TEXT[kind];
  const sayError = useErrorWords();
  return (
    <li>
      <div css={row}>
        <span css={{ fontWeight: font.weight.bold }}>{label}</span>
        <span css={pill(outcome)}>
          <span aria-hidden="true">{MARK[outcome]}</span>
          {headline}
        </span>
      </div>
      {(progress || counts) && (
        <>
          {progress && status === 'started' && (
            <progress
              css={bar}
              aria-label={`${label} progress`}
              max={progress.total ?? undefined}
              value={progress.total === null ? undefined : progress.done + progress.failed}
            />
          )}
          <p css={note}>{counts}</p>
        </>
      )}
      {/*
        Announced when it changes, so a screen reader hears how long is left and why it waits. The
        region is there for as long as the operation runs, before it has anything to say: a live
        region announces changes to its text, not text that arrives with it.
      */}
      {(status === 'started' || estimate || waiting) && (
        <div role="status" aria-live="polite" aria-label={`${label}: time to finish`}>
          {estimate && <p css={note}>{estimate}</p>}
          {waiting && <p css={note}>{waiting}</p>}
          {paused && <p css={note}>{paused}</p>}
        </div>
      )}
      {failed && <p css={note}>{failed}</p>}
      {reason && <p css={[note, { color: colors.error }]}>{sayError(reason)}</p>}
    </li>
  );
}
