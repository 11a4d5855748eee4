import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, font, mediaUp, radii, space } from '../theme/theme';
import { FieldError } from './field-message';
import { visuallyHidden } from './visually-hidden';

export type RadioCardOption<V extends string> = {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  /** A decorative icon or logo shown before the label. */
  icon?: ReactNode;
  disabled?: boolean;
  /** Why the option is disabled; shown under it and tied to the input. */
  disabledReason?: string;
};

export type RadioCardGroupProps<V extends string> = {
  legend: ReactNode;
  /** Hide the legend visually (still read by screen readers) when a heading already says it. */
  hideLegend?: boolean;
  options: readonly RadioCardOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  error?: string | null;
  /** Columns at md and up; one column on phones. */
  columns?: 1 | 2 | 3;
  /** One line under the cards about the group as a whole (what is not offered, and why), read with the legend. */
  note?: string;
  name?: string;
};

const fieldset = css`
  border: 0;
  margin: 0 0 ${space(4)};
  padding: 0;
  min-width: 0;
`;

const legendStyle = css`
  font-weight: ${font.weight.bold};
  font-size: ${font.size.md};
  margin-bottom: ${space(3)};
  padding: 0;
`;

const srOnly = css`
  ${visuallyHidden}
`;

const grid = (columns: number) => css`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: 1fr;
  ${mediaUp('md')} {
    grid-template-columns: repeat(${columns}, minmax(0, 1fr));
  }
`;

const card = css`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  padding: ${space(4)};
  min-height: 64px;
  background: ${colors.surface};
  border: 1.5px solid ${colors.border};
  border-radius: ${radii.md};
  cursor: pointer;
  transition:
    border-color 120ms ease,
    background-color 120ms ease,
    box-shadow 120ms ease;
  &:hover {
    border-color: ${colors.primary};
  }
  /* The real radio stays in the page (keyboard and screen readers) but draws as the card's dot. */
  input {
    appearance: none;
    flex: none;
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    border: 2px solid ${colors.borderStrong};
    border-radius: 50%;
    background: ${colors.surface};
    cursor: inherit;
  }
  input:checked {
    border-color: ${colors.primary};
    background: radial-gradient(${colors.primary} 0 45%, ${colors.surface} 50%);
  }
  &:has(input:checked) {
    border-color: ${colors.primary};
    background: ${colors.primarySoft};
    box-shadow: inset 0 0 0 1px ${colors.primary};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${colors.accent};
    outline-offset: 2px;
  }
  input:focus-visible {
    outline: none;
    box-shadow: none;
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    background: ${colors.lightGrey};
    border-color: ${colors.border};
    color: ${colors.muted};
  }
`;

const labelText = css`
  display: block;
  font-weight: ${font.weight.bold};
`;
const description = css`
  display: block;
  font-size: ${font.size.sm};
  color: ${colors.muted};
  margin-top: ${space(0.5)};
`;

/** A radio group drawn as selectable cards: a fieldset with a legend, real radio inputs inside. */
export function RadioCardGroup<V extends string>({
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  error,
  columns = 1,
  name,
  note,
}: RadioCardGroupProps<V>) {
  const id = useId();
  const groupName = name ?? id;
  return (
    <fieldset
      css={fieldset}
      aria-describedby={[note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend css={hideLegend ? srOnly : legendStyle}>{legend}</legend>
      <div css={grid(columns)}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} css={card} htmlFor={optionId}>
              <input
                id={optionId}
                type="radio"
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.disabled && option.disabledReason ? `${optionId}-reason` : undefined}
              />
              {option.icon && <span aria-hidden="true">{option.icon}</span>}
              <span>
                <span css={labelText}>{option.label}</span>
                {option.description && <span css={description}>{option.description}</span>}
                {option.disabled && option.disabledReason && (
                  <span id={`${optionId}-reason`} css={description}>
                    {option.disabledReason}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {note && (
        <p id={`${id}-note`} css={description}>
          {note}
        </p>
      )}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
