/**
 * A tiny HTML builder for the embedded development provider's pages: every interpolated value is escaped
 * unless it is already SafeHtml, so an address like `"><script>` can never become markup.
 */
import { testSignInWords } from '../../../contract/words/en/test-sign-in.ts';
import type { Language } from '../../../contract/words/languages.ts';
import { say } from '../../../contract/words/translate.ts';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

type Value = string | number | SafeHtml | null | undefined | false | readonly SafeHtml[];

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((part: SafeHtml) => part.value).join('');
  return escapeHtml(String(value));
};

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Where the pages' stylesheet and icon are served (the provider's own origin, so CSP 'self' allows them). */
export const STYLESHEET_PATH = '/identity.css';
export const ICON_PATH = '/favicon.svg';

/** A whole page in a language: one h1 is the caller's job; lang, viewport, the stylesheet and the visible "development sign-in" badge are set here. */
export function document(language: Language, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" type="image/svg+xml" href="${ICON_PATH}">
</head>
<body>
<main class="card">
<p class="badge">${say(language, testSignInWords, 'badge')}</p>
${body}
</main>
</body>
</html>
`.value;
}
