import { errorStyle, hintStyle } from './field-styles';

/** Ids of a field's hint and error, joined for aria-describedby (only those that exist). */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
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
