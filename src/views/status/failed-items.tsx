/**
 * What could not be moved, for the owner of an ended export: how many for each reason, in plain words
 * ("Too big for Gmail: 12"), and the first few items named as a mail program shows them (folder,
 * subject, sender, date, size), so the customer can find and save them another way. The full list is
 * the item report (CSV) below.
 */
import type { FailedItemView } from '../../../machines/index.ts';
import { font, space } from '../../theme/theme';
import { reportTable } from './report-table';

type Failures = { heading: string; caption: string; reasons: readonly string[]; items: readonly FailedItemView[] };

export function FailedItems({ failures }: { failures: Failures | null }) {
  if (!failures) return null;
  return (
    <section aria-labelledby="failed-reasons-heading">
      <h2 id="failed-reasons-heading" css={{ fontSize: font.size.md, margin: `${space(4)} 0 ${space(2)}` }}>
        {failures.heading}
      </h2>
      <ul>
        {failures.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {failures.items.length > 0 && (
        <table css={reportTable}>
          <caption>{failures.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Folder</th>
              <th scope="col">Subject</th>
              <th scope="col">From</th>
              <th scope="col">Date</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {failures.items.map((item) => (
              <tr key={item.key}>
                <td>{item.folder}</td>
                <th scope="row" css={{ fontWeight: font.weight.regular }}>
                  {item.subject}
                </th>
                <td>{item.sender}</td>
                <td>{item.date}</td>
                <td>{item.size}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
