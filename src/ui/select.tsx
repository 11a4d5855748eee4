import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { inputStyle } from './field-styles';
import { FieldFrame, fieldAria } from './field-message';

export type SelectProps<V extends string> = {
  label: ReactNode;
  options: readonly { value: V; label: string }[];
  value: V | '' | null | undefined;
  onChange: (value: V) => void;
  /** Text of the empty first option; without it the first option is preselected by the browser. */
  placeholder?: string;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
};

const arrow = css`
  appearance: none;
  padding-right: 40px;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
    linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position:
    calc(100% - 20px) 50%,
    calc(100% - 14px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
  cursor: pointer;
`;

export function Select<V extends string>({ label, options, value, onChange, placeholder, hint, error, disabled }: SelectProps<V>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        css={[inputStyle, arrow]}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as V)}
        {...fieldAria(id, hint, error)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
