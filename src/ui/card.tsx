import type { HTMLAttributes, ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, mediaUp, radii, shadows, space } from '../theme/theme';

const card = css`
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.card};
  padding: ${space(5)};
  ${mediaUp('md')} {
    padding: ${space(8)};
  }
`;

export type CardProps = HTMLAttributes<HTMLElement> & { children: ReactNode; as?: 'section' | 'div' | 'article' };

/** A white panel: the frame of every step's content. */
export function Card({ children, as: Tag = 'div', ...rest }: CardProps) {
  return (
    <Tag css={card} {...rest}>
      {children}
    </Tag>
  );
}
