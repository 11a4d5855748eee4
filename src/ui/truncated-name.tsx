import { css } from '@emotion/react';
import { mediaUp } from '../theme/theme';
import { visuallyHidden } from './visually-hidden';

/** Names longer than this are shortened on small screens (spec §9). */
export const SHORT_NAME_LENGTH = 15;

/** `name` cut to 15 characters plus '...' when longer; unchanged otherwise. */
export function shortenName(name: string): string {
  return name.length > SHORT_NAME_LENGTH ? `${name.slice(0, SHORT_NAME_LENGTH)}...` : name;
}

const shortOnly = css`
  ${mediaUp('sm')} {
    display: none;
  }
`;
// Below sm the full name is only clipped from view (not display:none) so screen readers read it.
const fullName = css`
  ${visuallyHidden}
  ${mediaUp('sm')} {
    position: static;
    width: auto;
    height: auto;
    overflow: visible;
    clip: auto;
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

/** A name (usually an email address) shortened below the sm breakpoint; the full name stays in title and for screen readers. */
export function TruncatedName({ name }: { name: string }) {
  if (name.length <= SHORT_NAME_LENGTH) return <span>{name}</span>;
  return (
    <span title={name}>
      <span css={shortOnly} aria-hidden="true">
        {shortenName(name)}
      </span>
      <span css={fullName}>{name}</span>
    </span>
  );
}
