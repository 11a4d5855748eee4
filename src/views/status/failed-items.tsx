/**
 * What could not be moved, for the owner of an ended export: how many for each reason, in plain words
 * ("Too big for Gmail: 12"), and the first few items named as a mail program shows them (folder,
 * subject, sender, date, size), so the customer can find and save them another way. The full list is
 * the item report (CSV) below.
 */
import type { FailedItemView, StatusPhrase } from '../../../machines/index.ts';
import { font, space } from '../../theme/theme';
import { reportTable } from './report-table';
import { useStatusWords } from './use-status-words';

type Failures = {
  heading: StatusPhrase;
  caption: StatusPhrase;
  reasons: readonly { key: string; text: StatusPhrase }[];
  items: readonly FailedItemView[];
};

export function FailedItems({ failures }: { failures: Failures | null }) {
  const t = useStatusWords();
  if (!failures) return null;
  return (
    <section aria-labelledby="failed-reasons-heading">
      <h2 id="failed-reasons-heading" css={{ fontSize: font.size.md, margin: `${space(4)} 0 ${space(2)}` }}>
        {t.phrase(failures.heading)}
      </h2>
      <ul>
        {failures.reasons.map((reason) => (
          <li key={reason.key}>{t.phrase(reason.text)}</li>
        ))}
      </ul>
      {failures.items.length > 0 && (
        <table css={reportTable}>
          <caption>{t.phrase(failures.caption)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('folder')}</th>
              <th scope="col">{t('subject')}</th>
              <th scope="col">{t('from')}</th>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('size')}</th>
            </tr>
          </thead>
          <tbody>
            {failures.items.map((item) => (
              <tr key={item.key}>
                <td>{t.phrase(item.folder)}</td>
                <th scope="row" css={{ fontWeight: font.weight.regular }}>
                  {t.phrase(item.subject)}
                </th>
                <td>{t.phrase(item.sender)}</td>
                <td>{t.phrase(item.date)}</td>
                <td>{item.size}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
