import { css, type SerializedStyles } from '@emotion/react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { colors, font, radii, space } from '../theme/theme';
import { InlineSpinner } from './inline-spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  min-height: 44px; /* a comfortable touch target */
  padding: ${space(2.5)} ${space(5)};
  border-radius: ${radii.md};
  border: 2px solid transparent;
  font: inherit;
  font-weight: ${font.weight.bold};
  font-size: ${font.size.md};
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
  }
`;

const variants: Record<ButtonVariant, SerializedStyles> = {
  primary: css`
    background: ${colors.primary};
    color: ${colors.white};
    &:hover:not(:disabled) {
      background: ${colors.primaryHover};
      color: ${colors.white};
    }
    &:active:not(:disabled) {
      background: ${colors.primaryActive};
    }
    &:disabled {
      background: #b9adc6;
      color: ${colors.white};
    }
  `,
  secondary: css`
    background: ${colors.surface};
    color: ${colors.primary};
    border-color: ${colors.primary};
    &:hover:not(:disabled) {
      background: ${colors.primarySoft};
      color: ${colors.primaryHover};
    }
    &:disabled {
      color: ${colors.borderStrong};
      border-color: ${colors.border};
    }
  `,
  link: css`
    background: none;
    color: ${colors.primary};
    padding: ${space(1)} ${space(1)};
    min-height: auto;
    font-weight: ${font.weight.medium};
    text-decoration: underline;
    text-underline-offset: 3px;
    &:hover:not(:disabled) {
      color: ${colors.primaryHover};
    }
    &:disabled {
      color: ${colors.borderStrong};
    }
  `,
};

/** The button look, for links that act as buttons (e.g. "Back to home"). */
export const buttonStyles = (variant: ButtonVariant): SerializedStyles[] => [base, variants[variant]];

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and marks the button busy; it stays focusable but does nothing. */
  loading?: boolean;
  children: ReactNode;
};

export function Button({ variant = 'primary', loading = false, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} css={buttonStyles(variant)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <InlineSpinner />}
      {children}
    </button>
  );
}

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; children: ReactNode };

/** A real link (it navigates) that looks like a button. */
export function ButtonLink({ variant = 'secondary', children, ...rest }: ButtonLinkProps) {
  return (
    <a css={buttonStyles(variant)} {...rest}>
      {children}
    </a>
  );
}
