/**
 * Issue 20's journey: an export to a Gmail whose cap is tiny. The customer follows it on /status and
 * reads how long it will take and why ("About 30 minutes — Gmail accepts about 10 messages a minute
 * from other apps."), then, when Gmail refuses more for the day, that it waits and until when
 * ("Waiting for Gmail's daily limit — continues about …"). Both are announced: they are in a polite
 * live region (role=status) in Chromium's accessibility tree, not only in the page's text.
 *
 * This file runs its own service with GOOGLE_* at a local stand-in for Google's authorization server
 * (the browser goes through it for the consent) and GMAIL_API_URL at the Gmail API fake, whose quota
 * and the service's are 300 units a minute: ten messages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATION_SERVERS } from '../../server/identity/oauth/destination-servers.ts';
import { freePort } from '../support/free-port.ts';
import { googleError } from '../support/provider-fakes/fake-server.ts';
import { GmailFake } from '../support/provider-fakes/gmail-fake.ts';
import { standInEnv, startStandIn, type StandIn } from '../support/standin-authorization-server.ts';
import { e2eDistDir } from './harness/paths.ts';
import { useJourney } from './harness/journey.ts';
import { startPortalServer, type PortalServer } from './harness/portal-server.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { statusOf } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const { google: GOOGLE } = DESTINATION_SERVERS;

const ADDRESS = 'casey.slow@gmail.com';
/** Gmail API quota units a minute: an import and its look-up cost 30, so ten messages a minute. */
const QUOTA = 300;

let google: StandIn;
let microsoft: StandIn;
let gmail: GmailFake;
let portal: PortalServer;

beforeAll(async () => {
  const port = await freePort();
  const redirect = (name: string) => `http://127.0.0.1:${port}/api/oauth/callback/${name}`;
  google = await startStandIn('google', { redirectUri: redirect('google'), scopes: [...GOOGLE.scopes.mail, ...GOOGLE.scopes.contacts] });
  microsoft = await startStandIn('microsoft', { redirectUri: redirect('microsoft'), scopes: [] });
  gmail = await new GmailFake({ email: ADDRESS, quota: { units: QUOTA, windowMs: 60_000 } }).start();
  gmail.tokens.trustIssuer((token) => google.accessTokenLive(token));
  portal = await startPortalServer({
    distDir: e2eDistDir,
    port,
    env: { ...standInEnv(google, microsoft), GMAIL_API_URL: gmail.url, GMAIL_API_QUOTA_PER_MINUTE: String(QUOTA), TRANSFER_POLL_MS: '200' },
  });
}, 90_000);

afterAll(async () => {
  await portal?.stop();
  await Promise.all([google?.close(), microsoft?.close(), gmail?.stop()]);
});

const journey = useJourney({ service: () => ({ url: portal.url, identityUrl: portal.identityUrl, alsoOurs: [google.issuer] }) });

type AXValue = { type: string; value?: unknown };
type AXNode = {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
};

/**
 * What Chromium's accessibility tree holds for the live region named `name`: its role, how politely
 * it is announced, and the text a screen reader reads out of it; null when there is none.
 */
async function liveRegion(page: Page, name: string): Promise<{ role: unknown; live: unknown; text: string } | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const region = nodes.find((node) => !node.ignored && node.name?.value === name);
    if (!region) return null;
    const texts: string[] = [];
    const walk = (node: AXNode) => {
      if (node.role?.value === 'StaticText' && typeof node.name?.value === 'string') texts.push(node.name.value);
      for (const id of node.childIds ?? []) {
        const child = byId.get(id);
        if (child) walk(child);
      }
    };
    walk(region);
    const live = region.properties?.find((property) => property.name === 'live')?.value.value;
    return { role: region.role?.value, live, text: texts.join(' ') };
  } finally {
    await cdp.detach();
  }
}

describe('Gmail with a tiny cap, followed on /status', () => {
  it(
    'says how long it will take and why, then that it waits for the daily limit and until when, in a live region',
    { timeout: 240_000 },
    async () => {
      const current = journey();
      const { page } = current;
      await signIn(current, 'active@example.com');
      await expectPath(page, '/destination-account');
      await chooseDestination(page, 'Gmail');
      await pressNext(page);
      await expectPath(page, '/accept-google-terms');
      await pressNext(page);
      await expectPath(page, '/migration-options');
      await chooseWhatToSave(page, 'Email');
      // Google's stand-in answers the consent as this person: their address, every permission.
      google.answerNext({ email: ADDRESS });
      await pressNext(page);
      await expectPath(page, '/start-migration');
      await expect.poll(() => page.getByText(ADDRESS).count()).toBeGreaterThan(0);
      await setNotificationEmail(page, 'casey@example.com');
      await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
      await startExportButton(page).click();
      await expectPath(page, '/complete');
      await page.getByRole('link', { name: 'Follow your export' }).click();
      await expectPath(page, '/status');
      await expectHeading(page, 'Check your export status');

      // The page follows the export by itself; Gmail's cap, not the pace so far, sets the time.
      const region = page.getByRole('status', { name: 'Email: time to finish' });
      await expect
        .poll(() => region.textContent(), { timeout: 30_000 })
        .toMatch(/Gmail accepts about 10 messages a minute from other apps\./);
      expect(await region.textContent()).toMatch(
        /^About \d+ (minutes|hours?) — Gmail accepts about 10 messages a minute from other apps\. You can close this page; we will email you when it is done\.$/,
      );
      const estimate = await liveRegion(page, 'Email: time to finish');
      expect(estimate).toMatchObject({ role: 'status', live: 'polite' });
      expect(estimate?.text).toContain('Gmail accepts about 10 messages a minute from other apps.');
      expect(await statusOf(page, 'Email').textContent()).toContain('In progress');
      await current.check('status-estimate');

      // Gmail says the day's limit is reached: the transfer sleeps until tomorrow, and the page says so.
      // Its next request comes once the minute's quota allows (up to a minute), the page's next look 10 s later.
      gmail.failNext(1, {
        status: 403,
        body: googleError(403, 'PERMISSION_DENIED', 'Daily Limit Exceeded', 'dailyLimitExceeded', 'usageLimits'),
      });
      const waiting =
        /Waiting for Gmail's daily limit — continues about (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2}:\d{2} (AM|PM)\. You can close this page\./;
      await expect.poll(() => region.textContent(), { timeout: 120_000, interval: 1000 }).toMatch(waiting);
      const announced = await liveRegion(page, 'Email: time to finish');
      expect(announced).toMatchObject({ role: 'status', live: 'polite' });
      expect(announced?.text).toMatch(waiting);
      // It goes on tomorrow, at this time of day (the page's clock is UTC, as the service's answer).
      const tomorrow = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(Date.now() + 86_400_000);
      expect(announced?.text).toContain(`continues about ${tomorrow} `);
      expect(await statusOf(page, 'Email').textContent()).toContain('In progress');
      await current.check('status-waiting');
    },
  );
});
