/**
 * The compiler of the catalogs' messages (decision 0033): Lingui's (`@lingui/message-utils`), for the
 * build (scripts/vite/compile-words.ts) and for Node, which registers it (`compileWith`). It refuses
 * what `translate.ts` does not format: `#` in a plural and any format but plural and select (`number`,
 * `date`, `selectordinal` would need Intl's formatters, whose first use costs the page 50–100 ms,
 * decision 0018: a count is passed already worded, beside the plural's number). The browser never
 * imports this file: its messages come compiled.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Compiled } from './translate.ts';

function check(tokens: readonly unknown[], text: string, inPlural: boolean): void {
  for (const token of tokens) {
    if (token === '#' && inPlural) throw new Error(`"${text}": write the count as a value ({n}), not #`);
    if (!Array.isArray(token)) continue;
    const [name, type, cases] = token as [string, string?, Record<string, unknown[]>?];
    if (type === undefined) continue;
    if (type !== 'plural' && type !== 'select')
      throw new Error(`"${text}": {${name}, ${type}} is not formatted; only plural and select are`);
    for (const [choice, message] of Object.entries(cases ?? {})) {
      if (choice === 'offset') {
        if (message !== undefined) throw new Error(`"${text}": a plural's offset is not formatted`);
      } else check(message, text, type === 'plural');
    }
  }
}

export function compileChecked(text: string): Compiled {
  const compiled = compileMessageOrThrow(text);
  check(compiled, text, false);
  return compiled as Compiled;
}
