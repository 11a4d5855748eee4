import type { ReactNode } from 'react';
import { errorStyle, fieldWrap, hintStyle, labelStyle } from './field-styles';

/** Ids of a field's hint and error, joined for aria-describedby (only those that exist). */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** What ties a control to its hint and error: spread it on the input, select or textarea. */
export const fieldAria = (id: string, hint: unknown, error: unknown) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, hint, error),
});

type FieldFrameProps = { id: string; label: ReactNode; hint?: string | undefined; error?: string | null | undefined; children: ReactNode };

/** Label, hint, the control, and the announced error line: the frame every kit field shares. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} css={hintStyle}>
      {hint}
    </p>
  ) : null;
}

/**
 * The error line. The live region is always in the page (empty when valid) so screen readers
 * announce the message the moment it appears, not only when the field is focused again.
 */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return (
    <p id={`${id}-error`} css={errorStyle} aria-live="polite">
      {error ? (
        <>
          <span aria-hidden="true">⚠</span>
          {error}
        </>
      ) : null}
    </p>
  );
}
