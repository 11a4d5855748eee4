import { css } from '@emotion/react';
import { colors, font, mediaDown, mediaUp, space } from '../theme/theme';
import { visuallyHidden } from '../ui/visually-hidden';
import type { KeyOf } from '../../contract/index.ts';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';

export type SidebarStep = { index: number; text: KeyOf<typeof shellWords> };
export type StepStatus = 'complete' | 'active' | 'pending';

/** §4: complete below the current step, active at it, pending above it. */
export const stepStatus = (index: number, current: number): StepStatus =>
  index < current ? 'complete' : index === current ? 'active' : 'pending';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  ${mediaUp('lg')} {
    flex-direction: column;
  }
`;

const item = css`
  position: relative;
  flex: 1 1 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${space(1.5)};
  font-size: ${font.size.xs};
  color: ${colors.muted};
  ${mediaUp('lg')} {
    flex: none;
    flex-direction: row;
    align-items: flex-start;
    text-align: left;
    gap: ${space(3)};
    padding-bottom: ${space(7)};
    font-size: ${font.size.sm};
    &:last-of-type {
      padding-bottom: 0;
    }
  }
`;

// The line joining one step to the next: drawn after every step except the last, so the first
// has nothing before it and the last nothing after it (§4).
const connector = (done: boolean) => css`
  position: absolute;
  background: ${done ? colors.primary : colors.border};
  ${mediaDown('lg')} {
    top: 15px;
    left: calc(50% + 20px);
    right: calc(-50% + 20px);
    height: 2px;
  }
  ${mediaUp('lg')} {
    left: 15px;
    top: 36px;
    bottom: 4px;
    width: 2px;
  }
`;

const marker = (status: StepStatus) => css`
  flex: none;
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  font-weight: ${font.weight.bold};
  font-size: ${font.size.sm};
  border: 2px solid ${status === 'pending' ? colors.border : colors.primary};
  background: ${status === 'complete' ? colors.primary : status === 'active' ? colors.surface : colors.lightGrey};
  color: ${status === 'complete' ? colors.white : status === 'active' ? colors.primary : colors.muted};
  box-shadow: ${status === 'active' ? `0 0 0 4px ${colors.primarySoft}` : 'none'};
`;

const label = (status: StepStatus) => css`
  color: ${status === 'pending' ? colors.muted : colors.dark};
  font-weight: ${status === 'active' ? font.weight.bold : font.weight.regular};
  padding-top: 0;
  ${mediaDown('lg')} {
    /* On phones the texts do not fit under the markers: the caption below says the active one. */
    ${visuallyHidden}
  }
  ${mediaUp('lg')} {
    padding-top: 5px;
  }
`;

const caption = css`
  margin: ${space(3)} ${space(2)} 0;
  text-align: center;
  font-size: ${font.size.sm};
  color: ${colors.dark};
  ${mediaUp('lg')} {
    display: none;
  }
  strong {
    color: ${colors.primary};
  }
`;

const hidden = css`
  ${visuallyHidden}
`;

export type StepSidebarProps = { steps: readonly SidebarStep[]; current: number };

/** The wizard's progress: an ordered list, the active step marked with aria-current="step". */
export function StepSidebar({ steps, current }: StepSidebarProps) {
  const t = useWords(shellWords);
  if (steps.length === 0) return null;
  const active = steps.find((step) => step.index === current);
  return (
    <nav aria-label={t('progress')}>
      <ol css={list}>
        {steps.map((step, position) => {
          const status = stepStatus(step.index, current);
          const isLast = position === steps.length - 1;
          return (
            <li key={step.index} css={item} aria-current={status === 'active' ? 'step' : undefined} data-status={status}>
              <span css={marker(status)} aria-hidden="true">
                {status === 'complete' ? '✓' : step.index}
              </span>
              <span css={label(status)}>
                {t(step.text)}
                {status === 'complete' && <span css={hidden}>{t('stepCompleted')}</span>}
              </span>
              {!isLast && <span css={connector(status === 'complete')} aria-hidden="true" data-testid="step-separator" />}
            </li>
          );
        })}
      </ol>
      {active && (
        // Visual only (the list already tells screen readers which step is current).
        <p css={caption} aria-hidden="true">
          <strong>{t('stepOf', { index: active.index, count: steps.length })}</strong> · {t(active.text)}
        </p>
      )}
    </nav>
  );
}
