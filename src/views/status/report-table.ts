/** The status page's tables (the count receipt, the failed items): one look for both. */
import { css } from '@emotion/react';
import { colors, font, space } from '../../theme/theme';

export const reportTable = css`
  width: 100%;
  margin: ${space(3)} 0 ${space(5)};
  border-collapse: collapse;
  font-size: ${font.size.sm};
  caption {
    text-align: left;
    font-weight: ${font.weight.bold};
    font-size: ${font.size.md};
    margin-bottom: ${space(2)};
  }
  th,
  td {
    padding: ${space(2)} ${space(3)};
    border-bottom: 1px solid ${colors.border};
    text-align: left;
    overflow-wrap: anywhere;
  }
`;
