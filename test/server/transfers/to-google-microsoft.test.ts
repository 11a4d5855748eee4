/**
 * Gmail and Outlook.com through the service, over real HTTP, as production configures them: GOOGLE_*
 * and MICROSOFT_* point at local stand-ins for their authorization servers (the identity tests' own),
 * GMAIL_API_URL, GOOGLE_PEOPLE_API_URL and MICROSOFT_GRAPH_URL at the fakes of their APIs, which accept
 * the stand-ins' access tokens as the real APIs accept their provider's. The customer signs in,
 * consents, loads; the worker moves the scenario account's sample mailbox and address books: the mail
 * into Gmail by its import API with labels, the contacts into Google People and Microsoft Graph with
 * the consent's tokens — a token the API ends early is renewed — while the status shows progress and
 * an estimate; a contact the provider refuses is in the item report.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { DESTINATION_SERVERS } from '../../../server/identity/oauth/destination-servers.ts';
import { createOAuthBrowser } from '../../support/oauth-browser.ts';
import { freePort } from '../../support/free-port.ts';
import { GmailFake } from '../../support/provider-fakes/gmail-fake.ts';
import { GraphFake } from '../../support/provider-fakes/graph-fake.ts';
import { PeopleFake } from '../../support/provider-fakes/people-fake.ts';
import { standInEnv, startStandIn, type StandIn } from '../../support/standin-authorization-server.ts';
import { readMaildir } from '../../dev-mail/support/read-maildir.ts';
import { devSignIn } from '../helpers/dev-sign-in.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus } from './support.ts';

const { google: GOOGLE, microsoft: MICROSOFT } = DESTINATION_SERVERS;

const OWNER = 'active@example.com';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-oauth-transfer-'));
let devMail: DevMail;
let harness: Harness;
let google: StandIn;
let microsoft: StandIn;
let gmail: GmailFake;
let people: PeopleFake;
let graph: GraphFake;

beforeAll(async () => {
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail') });
  await devMail.prepare([OWNER]);
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  google = await startStandIn('google', {
    redirectUri: `${portal}/api/oauth/callback/google`,
    scopes: [...GOOGLE.scopes.mail, ...GOOGLE.scopes.contacts],
  });
  microsoft = await startStandIn('microsoft', {
    redirectUri: `${portal}/api/oauth/callback/microsoft`,
    scopes: [...MICROSOFT.scopes.mail, ...MICROSOFT.scopes.contacts],
  });
  gmail = await new GmailFake({ email: 'casey@gmail.com' }).start();
  people = await new PeopleFake().start();
  graph = await new GraphFake().start();
  for (const [fake, issuer] of [
    [gmail, google],
    [people, google],
    [graph, microsoft],
  ] as const)
    fake.tokens.trustIssuer((token) => issuer.accessTokenLive(token));
  harness = await startHarness({
    transfers: true,
    devMail,
    port,
    env: {
      PUBLIC_URL: portal,
      TRANSFER_POLL_MS: '50',
      ...standInEnv(google, microsoft),
      GMAIL_API_URL: gmail.url,
      GOOGLE_PEOPLE_API_URL: people.url,
      MICROSOFT_GRAPH_URL: graph.url,
    },
  });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await Promise.all([google?.close(), microsoft?.close(), gmail?.stop(), people?.stop(), graph?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Sign-in through the development SSO, consent at the stand-in, load: the export ID and the owner's token. */
async function exportTo(provider: 'gmail' | 'outlook', address: string, operations: string[]): Promise<{ jobid: string; token: string }> {
  const { token, xsrf } = await devSignIn(harness.base, OWNER);
  const standIn = provider === 'gmail' ? google : microsoft;
  standIn.answerNext({ email: address });
  const consent = await createOAuthBrowser(harness.base).visit(
    `${harness.base}/api/oauth/?provider=${provider}&scopes=${operations.join(',')}&logout=true`,
  );
  expect(consent.url.pathname).toBe('/oauth-callback');
  const tokenId = consent.url.searchParams.get('token_id') ?? '';
  expect(consent.url.searchParams.get('email')).toBe(address);
  const response = await fetch(`${harness.base}/api/load/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
    body: JSON.stringify({
      source_account: { email: OWNER, provider: 'northwave' },
      destination_account: { provider, tokenId, email: address },
      operations,
      parameters: { notificationEmail: 'notify@example.com' },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { jobid: ((await response.json()) as { jobid: string }).jobid, token };
}

const sha = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

describe('Gmail: mail by the import API with labels, contacts into Google People', () => {
  it(
    'moves every sample message once with its labels and every contact, with progress and an estimate on the way',
    { timeout: 180_000 },
    async () => {
      const { jobid, token } = await exportTo('gmail', 'casey@gmail.com', ['emailmigration', 'contactsmigration']);
      const startedMail = () => harness.sent.find((mail) => mail.exportId === jobid && mail.outcome === 'started');
      // No pace yet, so no time to finish: the 'started' mail waits for one.
      await harness.service.outbox.runOnce();
      expect(startedMail()).toBeUndefined();
      // The service's clock stands still; once mail is moving it moves on ten seconds, so there is a pace to measure.
      const isMoving = (answer: StatusResponse) =>
        answer.emailmigration?.status === 'started' && (answer.emailmigration.progress?.done ?? 0) > 0;
      let movedOn = false;
      const watchUntil = (until: (answer: StatusResponse) => boolean) => (answer: StatusResponse) => {
        if (!movedOn && isMoving(answer)) {
          harness.clock.now += 10_000;
          movedOn = true;
        }
        return until(answer);
      };
      const hasEstimate = (answer: StatusResponse) => ended(answer) || answer.emailmigration?.estimate !== undefined;
      const first = await pollStatus(harness.base, jobid, watchUntil(hasEstimate), { token, timeoutMs: 150_000 });
      // Now the mail goes, saying what the status page says.
      await harness.service.outbox.runOnce();
      expect(startedMail()?.estimate).toMatchObject({ seconds: expect.any(Number) });
      expect(startedMail()?.estimate?.cap).toBeUndefined();
      const seen = [...first, ...(await pollStatus(harness.base, jobid, watchUntil(ended), { token, timeoutMs: 150_000 }))];
      const last = seen.at(-1) as StatusResponse;
      expect(last.emailmigration).toMatchObject({ status: 'completed', progress: { failed: 0 } });
      expect(last.contactsmigration).toMatchObject({ status: 'completed', progress: { failed: 0 } });
      const running = seen.filter(isMoving);
      expect(running.length).toBeGreaterThan(0);
      // An estimate from the pace so far: 300 messages fit in Gmail's quota of a minute, so no cap is named.
      const estimated = running.flatMap((answer) => (answer.emailmigration?.estimate ? [answer.emailmigration.estimate] : []));
      expect(estimated.length).toBeGreaterThan(0);
      for (const estimate of estimated) {
        expect(estimate.cap).toBeUndefined();
        expect(estimate.seconds).toBeGreaterThan(0);
        expect(Date.parse(estimate.finish)).toBe(harness.clock.now + estimate.seconds * 1000);
      }

      const sample = readMaildir(devMail.layout.maildir(OWNER));
      const distinct = new Set([...sample.values()].flat().map((m) => m.sha256));
      expect(new Set(gmail.messages.map((m) => sha(m.raw)))).toEqual(distinct);
      expect(gmail.messages).toHaveLength(distinct.size);
      const labelled = gmail.messagesWithLabelNames();
      const labelsOf = (hash: string) => labelled.find((m) => sha(m.raw) === hash)?.labels ?? [];
      for (const message of sample.get('INBOX') ?? []) {
        expect(labelsOf(message.sha256)).toContain('INBOX');
        expect(labelsOf(message.sha256).includes('UNREAD')).toBe(!message.flags.includes('\\Seen'));
      }
      for (const message of sample.get('Family/Photos') ?? []) expect(labelsOf(message.sha256)).toContain('Family/Photos');
      for (const message of sample.get('Sent') ?? []) expect(labelsOf(message.sha256)).toContain('SENT');

      expect(people.people).toHaveLength(40);
      expect(last.receipt?.filter((line) => line.operation === 'contactsmigration').reduce((sum, line) => sum + line.source, 0)).toBe(40);
    },
  );
});

describe('Outlook.com: contacts into Microsoft Graph', () => {
  it('renews a token Graph ends early, and reports the contact Graph refuses while the others arrive', { timeout: 120_000 }, async () => {
    // Graph refuses the sample's family cards (any refusal would do); and the first token it sees, it ends early.
    const family = familyAddresses();
    graph.options.refuse = (contact) => family.some((address) => JSON.stringify(contact).includes(address));
    graph.tokens.endNextEarly();
    const { jobid, token } = await exportTo('outlook', 'casey@outlook.com', ['contactsmigration']);
    const last = (await pollStatus(harness.base, jobid, ended, { token, timeoutMs: 100_000 })).at(-1) as StatusResponse;
    expect(graph.tokens.endedEarly).toHaveLength(1);
    const refused = graph.log.filter((entry) => entry.method === 'POST' && entry.status === 400).length;
    expect(refused).toBeGreaterThan(0);
    expect(last.contactsmigration).toMatchObject({ status: 'completed', progress: { total: 40, done: 40 - refused, failed: refused } });
    expect(graph.contacts).toHaveLength(40 - refused);
    expect(last.report_url).toMatch(/^http/);
    const report = await (await fetch(last.report_url ?? '', { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(report.split('\r\n').filter((line) => line.includes('refused'))).toHaveLength(refused);
  });
});

/** The first e-mail address of each card of the sample's "family" book. */
function familyAddresses(): string[] {
  const book = path.join(devMail.layout.contacts(OWNER), 'family');
  return readdirSync(book)
    .filter((name) => name.endsWith('.vcf'))
    .map((name) => /^EMAIL[^:]*:(.+)$/m.exec(readFileSync(path.join(book, name), 'utf8'))?.[1]?.trim() ?? 'none')
    .filter((address) => address !== 'none');
}
