/**
 * An error the machine stored, in the customer's language: one of the errors section's keys
 * (machines/errors.ts), or the service's own words (a refusal), shown as they are.
 */
import { errorWords } from '../../contract/words/en/errors.ts';
import type { ErrorText } from '../../machines/index.ts';
import { useWords } from './use-words';

export function useErrorWords(): (text: ErrorText | null | undefined) => string | null {
  const e = useWords(errorWords);
  return (text) => (text ? (text in errorWords.en ? e(text as keyof typeof errorWords.en) : text) : null);
}
