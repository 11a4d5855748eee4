import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, font, space } from '../theme/theme';
import { hintStyle } from './field-styles';

const row = css`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  margin-bottom: ${space(4)};
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${colors.primary};
    flex: none;
    cursor: pointer;
  }
  label {
    font-weight: ${font.weight.medium};
    cursor: pointer;
  }
`;

export type CheckboxProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
};

export function Checkbox({ label, checked, onChange, hint, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <div css={row}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} css={hintStyle}>
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
