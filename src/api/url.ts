/**
 * Joins a configured base URL and an API path. An absolute `path` (a webhook on another host) wins
 * over the base; an empty base leaves the path relative, so the browser resolves it against the page.
 */
export function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  const trimmedBase = base.replace(/\/+$/, '');
  const slashedPath = path.startsWith('/') ? path : `/${path}`;
  return `${trimmedBase}${slashedPath}`;
}
