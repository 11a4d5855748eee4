/**
 * The status page's words in the customer's language (decision 0033): `t('cancel')` for a label, and
 * `t.phrase(…)` for what the selectors built from the service's figures (a phrase of the status
 * section, with its counts, moments and nested phrases) or a name the service sent as it is (a folder).
 */
import { useMemo } from 'react';
import { sayPhrase, type Phrase } from '../../../contract/index.ts';
import { statusWords } from '../../../contract/words/en/status.ts';
import { selectLanguage } from '../../../machines/index.ts';
import { usePortalSelector } from '../../portal/portal-context';
import { useWords, type Words } from '../../words/use-words';

type StatusWords = Words<typeof statusWords> & { phrase: (text: Phrase<typeof statusWords> | string) => string };

export function useStatusWords(): StatusWords {
  const words = useWords(statusWords);
  const language = usePortalSelector(selectLanguage);
  return useMemo(
    () =>
      Object.assign((key: Parameters<typeof words>[0], values?: Parameters<typeof words>[1]) => words(key, values), {
        said: words.said,
        phrase: (text: Phrase<typeof statusWords> | string) => (typeof text === 'string' ? text : sayPhrase(language, statusWords, text)),
      }),
    [words, language],
  );
}
