/** One operation of an export on the status page: its state, how far it got, and why it waits or stopped. */
import { css } from '@emotion/react';
import { useErrorWords } from '../../words/use-error-words';
import type { OperationView, Outcome } from '../../../machines/index.ts';
import { colors, font, radii, space } from '../../theme/theme';
import { useStatusWords } from './use-status-words';

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
/** Each operation's name: a key of the status section. */
export const KIND_WORDS = { emailmigration: 'email', contactsmigration: 'contacts' } as const;

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
  const sayError = useErrorWords();
  const t = useStatusWords();
  const label = t(KIND_WORDS[kind]);
  return (
    <li>
      <div css={row}>
        <span css={{ fontWeight: font.weight.bold }}>{label}</span>
        <span css={pill(outcome)}>
          <span aria-hidden="true">{MARK[outcome]}</span>
          {t.phrase(headline)}
        </span>
      </div>
      {(progress || counts) && (
        <>
          {progress && status === 'started' && (
            <progress
              css={bar}
              aria-label={t('progressOf', { kind: label })}
              max={progress.total ?? undefined}
              value={progress.total === null ? undefined : progress.done + progress.failed}
            />
          )}
          <p css={note}>{counts && t.phrase(counts)}</p>
        </>
      )}
      {/*
        Announced when it changes, so a screen reader hears how long is left and why it waits. The
        region is there for as long as the operation runs, before it has anything to say: a live
        region announces changes to its text, not text that arrives with it.
      */}
      {(status === 'started' || estimate || waiting) && (
        <div role="status" aria-live="polite" aria-label={t('timeToFinish', { kind: label })}>
          {estimate && <p css={note}>{t.phrase(estimate)}</p>}
          {waiting && <p css={note}>{t.phrase(waiting)}</p>}
          {paused && <p css={note}>{t.phrase(paused)}</p>}
        </div>
      )}
      {failed && <p css={note}>{t.phrase(failed)}</p>}
      {reason && <p css={[note, { color: colors.error }]}>{sayError(reason)}</p>}
    </li>
  );
}
