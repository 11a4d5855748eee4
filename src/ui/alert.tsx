import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, font, radii, space } from '../theme/theme';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

const tones: Record<AlertTone, { fg: string; bg: string; icon: string }> = {
  error: { fg: colors.error, bg: colors.errorSoft, icon: '!' },
  info: { fg: colors.info, bg: colors.infoSoft, icon: 'i' },
  success: { fg: colors.success, bg: colors.successSoft, icon: '✓' },
  warning: { fg: colors.warning, bg: colors.warningSoft, icon: '!' },
};

const box = (tone: AlertTone) => css`
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
  padding: ${space(3)} ${space(4)};
  margin: 0 0 ${space(4)};
  border-radius: ${radii.md};
  border-left: 4px solid ${tones[tone].fg};
  background: ${tones[tone].bg};
  color: ${colors.dark};
  font-size: ${font.size.sm};
  p {
    margin: 0;
  }
`;

const badge = (tone: AlertTone) => css`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${tones[tone].fg};
  color: ${colors.white};
  font-weight: ${font.weight.bold};
  font-size: ${font.size.xs};
`;

export type AlertProps = { tone?: AlertTone; title?: ReactNode; children?: ReactNode };

/** Errors are role=alert (announced at once); everything else is a polite status. */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div css={box(tone)} role={tone === 'error' ? 'alert' : 'status'}>
      <span css={badge(tone)} aria-hidden="true">
        {tones[tone].icon}
      </span>
      <div>
        {title && <p css={{ fontWeight: font.weight.bold, marginBottom: children ? 4 : 0 }}>{title}</p>}
        {children}
      </div>
    </div>
  );
}
