/**
 * A catalog's message as a reader meets it, for the readability checks: each placeholder read as one
 * short word (`word`), a select or plural by its "other" case (the case most readers get).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';

function asRead(tokens: unknown, word: string): string {
  if (!Array.isArray(tokens)) return String(tokens);
  return tokens
    .map((token: unknown) => {
      if (typeof token === 'string') return token;
      const [, , cases] = token as [string, string?, Record<string, unknown>?];
      return cases ? asRead(cases.other ?? Object.values(cases)[0], word) : word;
    })
    .join('');
}

export const readMessage = (message: string, word: string): string => asRead(compileMessage(message), word);
