/**
 * A tiny HTML builder for the development identity pages: every interpolated value is escaped
 * unless it is already SafeHtml, so an address like `"><script>` can never become markup.
 */
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

/** Where the pages' stylesheet is served (same origin, so a CSP of style-src 'self' allows it). */
export const STYLESHEET_PATH = '/api/oauth/identity.css';

/** A whole page: one h1 is the caller's job; lang, viewport and the stylesheet are set here. */
export function document(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`.value;
}

/** A page answer that no cache keeps: each one carries a one-time `state`. */
export function pageResponse(markup: string, status = 200): Response {
  return new Response(markup, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * A form's action for the return URL: its path only. The development pages are served by the
 * service itself, so posting to the same origin keeps the flow cookie whatever host name is used.
 */
export function formAction(returnUrl: string): string {
  const url = new URL(returnUrl, 'http://same-origin.invalid');
  return `${url.pathname}${url.search}`;
}
