/**
 * The count receipt of an ended export: per folder (and address book), how many items were at the
 * source and how many are at the destination, so the customer can see everything arrived before
 * the account closes. A row that does not match is marked in words, not only in colour.
 */
import { css } from '@emotion/react';
import { formatCount, type ReceiptLine } from '../../../contract/index.ts';
import { brand } from '../../config/brand';
import { colors, font } from '../../theme/theme';
import { reportTable } from './report-table';
import { useStatusWords } from './use-status-words';

const table = css`
  ${reportTable}
  td:not(:first-of-type),
  th:not(:first-of-type) {
    text-align: right;
  }
`;

export function CountReceipt({ lines }: { lines: readonly ReceiptLine[] }) {
  const t = useStatusWords();
  if (lines.length === 0) return null;
  return (
    <table css={table}>
      <caption>{t('receipt')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('folder')}</th>
          <th scope="col">{t('atSource', { provider: brand.providerName })}</th>
          <th scope="col">{t('atDestination')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const short = line.destination < line.source;
          return (
            <tr key={`${line.operation}/${line.container}`}>
              <th scope="row" css={{ fontWeight: font.weight.regular }}>
                {line.operation === 'contactsmigration' ? t('contactsFolder', { name: line.container }) : line.container}
              </th>
              <td>{formatCount(line.source)}</td>
              <td css={short ? { color: colors.error, fontWeight: font.weight.bold } : undefined}>
                {short ? t('fewer', { n: formatCount(line.destination) }) : formatCount(line.destination)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
