import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, mediaUp, space } from '../theme/theme';

const row = css`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space(3)};
  margin-top: ${space(8)};
  padding-top: ${space(6)};
  border-top: 1px solid ${colors.border};
  & > * {
    width: 100%;
  }
  ${mediaUp('sm')} {
    flex-direction: row;
    justify-content: space-between;
    align-items: center;
    & > * {
      width: auto;
    }
  }
`;

export type ButtonRowProps = {
  /** The Back button (left on wide screens, below on phones). */
  back?: ReactNode;
  /** The forward action (Next, Start Export): right on wide screens, on top on phones. */
  next?: ReactNode;
};

/** The step's navigation: Back on the left, the forward action on the right. */
export function ButtonRow({ back, next }: ButtonRowProps) {
  return (
    <div css={row}>
      {back ?? <span />}
      {next}
    </div>
  );
}
