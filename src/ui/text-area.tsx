import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { css } from '@emotion/react';
import { inputStyle } from './field-styles';
import { FieldFrame, fieldAria } from './field-message';

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
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        css={[inputStyle, area]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(id, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
}
