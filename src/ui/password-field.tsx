import { useState } from 'react';
import { css } from '@emotion/react';
import { colors, font, radii, space } from '../theme/theme';
import { TextField, type TextFieldProps } from './text-field';

const toggle = css`
  flex: none;
  min-width: 64px;
  padding: 0 ${space(3)};
  font: inherit;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  color: ${colors.primary};
  background: ${colors.surface};
  border: 1.5px solid ${colors.borderStrong};
  border-radius: ${radii.sm};
  cursor: pointer;
  &:hover {
    background: ${colors.primarySoft};
  }
`;

/** A password input with a Show/Hide toggle; the value is never echoed anywhere else. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={props.autoComplete ?? 'current-password'}
      spellCheck={false}
      trailing={
        <button type="button" css={toggle} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
          <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0,0,0,0)' }}> password</span>
        </button>
      }
    />
  );
}
