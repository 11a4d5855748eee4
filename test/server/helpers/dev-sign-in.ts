/** Signing in to a running service through its embedded development provider, as a browser would. */
import { createOAuthBrowser } from '../../support/oauth-browser.ts';

/** The sign-in round trip's source token, and the XSRF cookie a page load hands out. */
export async function devSignIn(base: string, email: string): Promise<{ token: string; xsrf: string }> {
  const browser = createOAuthBrowser(base);
  const page = await browser.visit(`${base}/api/oauth/?provider=northwave&logout=true`);
  const token = (await browser.submit(page, { email })).url.searchParams.get('token_id') ?? '';
  const home = await fetch(`${base}/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(home.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { token, xsrf };
}
