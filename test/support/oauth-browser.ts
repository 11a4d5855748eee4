/**
 * A browser for the sign-in and consent round trips, over real HTTP: it follows redirects across
 * origins (portal → authorization server → portal), keeps cookies the way a browser does (by host,
 * whatever the port, and path), and submits the forms of the pages it lands on. It stops when it
 * reaches the portal's SPA (a path outside /api/), or, when asked, just before a URL.
 */
export type Landing = {
  url: URL;
  status: number;
  /** The page's markup, when it is one (empty after a stop). */
  html: string;
  /** True when `stopBefore` stopped it: `url` was not requested. */
  stopped: boolean;
};

type Cookie = { value: string; path: string };

export type OAuthBrowser = {
  /** GET `url` and follow every redirect. */
  visit(url: string | URL, options?: { stopBefore?: (url: URL) => boolean }): Promise<Landing>;
  /** POST a page's form (its first form with one of these fields, or the first form) and follow. */
  submit(page: Landing, fields: Record<string, string | string[]>, options?: { stopBefore?: (url: URL) => boolean }): Promise<Landing>;
  /** The Cookie header this browser would send to `url`. */
  cookieFor(url: string | URL): string;
  /** Forgets every cookie (another browser). */
  clear(): void;
};

/** The SPA's pages (not /api/) of the portal at `portalOrigin` end a round trip. */
export function createOAuthBrowser(portalOrigin: string): OAuthBrowser {
  const jar = new Map<string, Map<string, Cookie>>();

  const store = (url: URL, headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a.trim()) || /^expires=thu, 01 jan 1970/i.test(a.trim()));
      const cookies = jar.get(url.hostname) ?? new Map<string, Cookie>();
      jar.set(url.hostname, cookies);
      if (expired || value === '') cookies.delete(`${name};${path}`);
      else cookies.set(`${name};${path}`, { value, path });
    }
  };

  const cookieFor = (target: string | URL) => {
    const url = new URL(target);
    return [...(jar.get(url.hostname) ?? new Map<string, Cookie>()).entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  };

  const landedInSpa = (url: URL) => url.origin === portalOrigin && !url.pathname.startsWith('/api/');

  async function go(start: URL, init: RequestInit, stopBefore?: (url: URL) => boolean): Promise<Landing> {
    let url = start;
    let request = init;
    for (let hop = 0; hop < 20; hop += 1) {
      if (stopBefore?.(url)) return { url, status: 0, html: '', stopped: true };
      if (landedInSpa(url)) return { url, status: 0, html: '', stopped: false };
      const headers = new Headers(request.headers);
      const cookie = cookieFor(url);
      if (cookie) headers.set('Cookie', cookie);
      const response = await fetch(url, { ...request, headers, redirect: 'manual' });
      store(url, response.headers);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        request = { method: 'GET' };
        continue;
      }
      const html = await response.text();
      // A page whose script submits its form at once (the provider's form_post, e.g. ending another account's session): do as a browser's script would.
      const autoSubmit = /document\.forms\[0\]\.submit\(\)/.test(html) ? /<form method="post" action="([^"]+)"/.exec(html) : null;
      if (autoSubmit?.[1]) {
        const body = new URLSearchParams(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
        );
        url = new URL(autoSubmit[1], url);
        request = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() };
        continue;
      }
      return { url, status: response.status, html, stopped: false };
    }
    throw new Error(`more than 20 redirects from ${start.href}`);
  }

  return {
    visit: (url, options = {}) => go(new URL(url), { method: 'GET' }, options.stopBefore),
    async submit(page, fields, options = {}) {
      const forms = [...page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)]
        .filter(([, attributes = '']) => /method="post"/i.test(attributes))
        .map(([, attributes = '', body = '']) => ({ action: /action="([^"]+)"/.exec(attributes)?.[1], body }));
      const chosen = forms.find(({ body }) => Object.keys(fields).some((name) => body.includes(`name="${name}"`))) ?? forms[0];
      if (!chosen?.action) throw new Error(`no form on ${page.url.href}`);
      const body = new URLSearchParams();
      // The form's hidden fields go along, as a browser sends them.
      for (const [input = ''] of chosen.body.matchAll(/<input\b[^>]*>/g)) {
        const name = /name="([^"]*)"/.exec(input)?.[1];
        if (/type="hidden"/.test(input) && name && !(name in fields)) body.append(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
      }
      for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
      const action = new URL(chosen.action.replaceAll('&amp;', '&'), page.url);
      return go(
        action,
        { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() },
        options.stopBefore,
      );
    },
    cookieFor,
    clear: () => jar.clear(),
  };
}
