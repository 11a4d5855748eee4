/**
 * The base URL of a server the engine sends credentials to (a password, an access token): https only,
 * except plain http for a loopback server (tests, a server beside the service), and never with
 * credentials inside the URL, where logs and error messages would carry them.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/i;

/** Throws when credentials would travel in clear text to anything but this machine. */
export function checkedBaseUrl(url: string, what: string): URL {
  const base = new URL(url);
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && LOOPBACK.test(base.hostname))) {
    throw new Error(`${what} URL ${base.origin} must use https (plain http only for a loopback server)`);
  }
  if (base.username || base.password) throw new Error(`${what} URL must not carry credentials`);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/** Whether `checkedBaseUrl` takes the URL: for settings, which name the variable in their own words. */
export function isSafeBaseUrl(url: string): boolean {
  try {
    checkedBaseUrl(url, 'URL');
    return true;
  } catch {
    return false;
  }
}
