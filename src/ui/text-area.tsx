import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { css } from '@emotion/react';
import { fieldWrap, inputStyle, labelStyle } from './field-styles';
import { FieldError, FieldHint, describedBy } from './field-message';

const area = css`
  min-height: 140px;
  resize: vertical;
  line-height: 1.5;
`;

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
};

export function TextArea({ label, value, onChange, hint, error, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <textarea
        id={id}
        css={[inputStyle, area]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
