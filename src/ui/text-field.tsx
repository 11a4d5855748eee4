import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputStyle } from './field-styles';
import { FieldFrame, fieldAria } from './field-message';

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
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div css={{ display: 'flex', gap: 8, alignItems: 'stretch' }}>
        <input
          id={id}
          type={type}
          css={inputStyle}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...fieldAria(id, hint, error)}
          {...rest}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}
