/**
 * The language switch, in the header of every page: a button for each other language, named in that
 * language (and marked as such, so a screen reader says it right). The catalog is loaded before the
 * machine is told, so the page never shows a half-translated screen; every choice stays (only the
 * machine's language changes).
 */
import { LANGUAGE_TABLE, LANGUAGES } from '../../contract/index.ts';
import { loadLanguage } from '../../contract/words/translate.ts';
import { shellWords } from '../../contract/words/en/shell.ts';
import { selectLanguage } from '../../machines/index.ts';
import { usePortalSelector, usePortalSend } from '../portal/portal-context';
import { useWords } from './use-words';

export function LanguageSwitch() {
  const language = usePortalSelector(selectLanguage);
  const send = usePortalSend();
  const t = useWords(shellWords);
  return (
    <div role="group" aria-label={t('languages')}>
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <button
          key={other}
          type="button"
          lang={other}
          onClick={() => void loadLanguage(other).then(() => send({ type: 'LANGUAGE.CHOSEN', language: other }))}
        >
          {LANGUAGE_TABLE[other].name}
        </button>
      ))}
    </div>
  );
}
