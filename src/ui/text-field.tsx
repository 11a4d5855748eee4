import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { fieldWrap, inputStyle, labelStyle } from './field-styles';
import { FieldError, FieldHint, describedBy } from './field-message';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** The machine's message for this field; tied to the input and announced. */
  error?: string | null;
  /** Something shown inside the field row, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode;
};

export function TextField({ label, value, onChange, hint, error, trailing, id: givenId, type = 'text', ...rest }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <div css={{ display: 'flex', gap: 8, alignItems: 'stretch' }}>
        <input
          id={id}
          type={type}
          css={inputStyle}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...rest}
        />
        {trailing}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
