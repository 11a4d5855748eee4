/**
 * A view's words in the customer's language (decision 0033): `const t = useWords(signInWords)`, then
 * `t('title')` or `t('lead', { provider })`. The language is the machine's (`selectLanguage`); its
 * catalog was loaded before the machine was told (src/words/language-switch.tsx, start-portal-actor).
 */
import { useMemo } from 'react';
import { say, sayThat } from '../../contract/words/translate.ts';
import { selectLanguage } from '../../machines/index.ts';
import type { KeyOf, Said, Section, Values } from '../../contract/index.ts';
import { usePortalSelector } from '../portal/portal-context';

export type Words<S extends Section> = ((key: KeyOf<S>, values?: Values) => string) & {
  /** What the machine said (a key and values of this section). */
  said: (text: Said<S>) => string;
};

export function useWords<S extends Section>(section: S): Words<S> {
  const language = usePortalSelector(selectLanguage);
  return useMemo(() => {
    const words = (key: KeyOf<S>, values?: Values) => say(language, section, key, values);
    return Object.assign(words, { said: (text: Said<S>) => sayThat(language, section, text) });
  }, [language, section]);
}
