/**
 * The routes `npm run lighthouse` measures, and how a person reaches each one. A route anyone can open
 * is loaded cold. A wizard route lives on the tab's session (sessionStorage), so its tab first walks
 * there as a person would — Sign in, the development sign-in page, the wizard's choices, the
 * development consent page — and Lighthouse then reloads that route in the same tab with the HTTP
 * cache cleared: a cold load of the screen with the session restored. The walks use Playwright's
 * role queries over the same Chromium (scripts/lighthouse/tabs.ts), the way the browser journeys do.
 *
 * Not measured on their own: /loading, /oauth-callback and /oauth-callback-for-status are waypoints
 * of the sign-in and consent round trips; they paint the loading screen for the moment the machine
 * needs to move on, and every walk below passes through them. /privacy-policy and /terms-of-service
 * leave after a moment for the provider's own policy pages (another site), so a load of them ends
 * there; their first paint is checked by the e2e first-paint test.
 */
import type { Page } from 'playwright-core';

/** What a walk learned that a later target needs (the export ID the status page is opened with). */
export type Found = { exportId?: string };

export type Target = {
  name: string;
  /** The path Lighthouse loads (with its query). */
  path: (found: Found) => string;
  /** Walks a fresh tab to the route; absent for a route anyone opens cold. */
  reach?: (page: Page, portalUrl: string, found: Found) => Promise<void>;
};

const NEXT = { name: 'Next', exact: true } as const;

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
}

/** Sign in through the development sign-in page as `email` (a scenario account's button, or the field for any other address). */
async function signIn(page: Page, portalUrl: string, email: string, landing: string): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const account = page.getByRole('button', { name: email, exact: true });
  if (await account.count()) {
    await account.click();
  } else {
    await page.getByLabel('Email address (treated as an active account)').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await waitForPath(page, landing);
}

async function toGoogleTerms(page: Page, portalUrl: string): Promise<void> {
  await signIn(page, portalUrl, 'active@example.com', '/destination-account');
  await page.getByRole('radio', { name: /^Gmail\b/ }).check();
  await page.getByRole('button', NEXT).click();
  await waitForPath(page, '/accept-google-terms');
}

async function toOptions(page: Page, portalUrl: string): Promise<void> {
  await toGoogleTerms(page, portalUrl);
  await page.getByRole('button', NEXT).click();
  await waitForPath(page, '/migration-options');
}

/** From the options to the development Google consent page, email and contacts chosen. */
async function toConsent(page: Page, portalUrl: string): Promise<void> {
  await toOptions(page, portalUrl);
  await page
    .getByRole('group', { name: 'What to save' })
    .getByRole('radio', { name: /^Email and contacts\b/ })
    .check();
  await page.getByRole('button', NEXT).click();
  await page.getByRole('heading', { level: 1, name: 'Allow access to your Google account' }).waitFor();
}

async function toStart(page: Page, portalUrl: string): Promise<void> {
  await toConsent(page, portalUrl);
  await page.getByLabel('Google account address').fill('lighthouse.export@gmail.com');
  await page.getByRole('button', { name: 'Allow' }).click();
  await waitForPath(page, '/start-migration');
}

async function toComplete(page: Page, portalUrl: string, found: Found): Promise<void> {
  await toStart(page, portalUrl);
  const field = page.getByLabel('Notification email');
  await field.fill('');
  await field.pressSequentially('lighthouse@example.com', { delay: 10 });
  const start = page.getByRole('button', { name: 'Start Export', exact: true });
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Start Export' && !b.disabled));
  await start.click();
  await waitForPath(page, '/complete');
  found.exportId = await page.getByLabel('Your export ID').inputValue();
}

/** Exports from one address, then asks for its exports by signing in from the status dialog. */
async function toStatusFromEmail(page: Page, portalUrl: string, found: Found): Promise<void> {
  await toComplete(page, portalUrl, found);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await waitForPath(page, '/');
  await page.getByRole('button', { name: 'Check your export status' }).click();
  await page.getByRole('dialog', { name: 'Check your export status' }).getByRole('button', { name: 'Check by signing in' }).click();
  await page.getByRole('button', { name: 'active@example.com', exact: true }).click();
  await waitForPath(page, '/status-from-email');
}

const at = (path: string) => () => path;

export const TARGETS: Target[] = [
  { name: 'sign-in', path: at('/') },
  { name: 'support-form', path: at('/support-form') },
  {
    name: 'opt-out-info',
    path: at('/opt-out-info'),
    reach: (page, url) => signIn(page, url, 'opted-out-delete@example.com', '/opt-out-info'),
  },
  {
    name: 'destination-account',
    path: at('/destination-account'),
    reach: (page, url) => signIn(page, url, 'active@example.com', '/destination-account'),
  },
  { name: 'accept-google-terms', path: at('/accept-google-terms'), reach: toGoogleTerms },
  { name: 'migration-options', path: at('/migration-options'), reach: toOptions },
  {
    name: 'check-email-scopes',
    path: at('/check-email-scopes'),
    reach: async (page, url) => {
      await toConsent(page, url);
      await page.getByRole('checkbox', { name: 'See and edit your contacts' }).uncheck();
      await page.getByRole('button', { name: 'Allow' }).click();
      await waitForPath(page, '/check-email-scopes');
    },
  },
  { name: 'start-migration', path: at('/start-migration'), reach: toStart },
  { name: 'complete', path: at('/complete'), reach: toComplete },
  { name: 'status-from-email', path: at('/status-from-email'), reach: toStatusFromEmail },
  {
    name: 'status',
    path: (found) => {
      if (!found.exportId) throw new Error('no export ID: the walk to /complete did not record one');
      return `/status?migration_id=${found.exportId}`;
    },
  },
];
