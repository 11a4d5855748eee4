import { css } from '@emotion/react';
import { colors, font, radii, space } from '../theme/theme';

/** Shared look of text inputs and selects, so every field lines up. */
export const fieldWrap = css`
  display: flex;
  flex-direction: column;
  gap: ${space(1.5)};
  margin-bottom: ${space(4)};
`;

export const labelStyle = css`
  font-weight: ${font.weight.bold};
  font-size: ${font.size.sm};
  color: ${colors.dark};
`;

export const hintStyle = css`
  font-size: ${font.size.sm};
  color: ${colors.muted};
  margin: 0;
`;

export const inputStyle = css`
  width: 100%;
  min-height: 44px;
  padding: ${space(2.5)} ${space(3)};
  font: inherit;
  color: ${colors.dark};
  background: ${colors.surface};
  border: 1.5px solid ${colors.borderStrong};
  border-radius: ${radii.sm};
  transition: border-color 120ms ease;
  &:hover {
    border-color: ${colors.muted};
  }
  &:focus-visible {
    border-color: ${colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${colors.error};
    background: ${colors.errorSoft};
  }
  &:disabled,
  &[readonly] {
    background: ${colors.lightGrey};
  }
`;

export const errorStyle = css`
  display: flex;
  align-items: flex-start;
  gap: ${space(1.5)};
  color: ${colors.error};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  margin: 0;
  &:empty {
    display: none;
  }
`;
