/**
 * /dev/mailboxes shows where development exports landed: every destination mailbox and sample mailbox
 * with its folders and message counts, and per folder the messages' dates, senders and decoded
 * subjects, escaped. It does not exist in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevMail, type DevMail } from '../../server/development/mail/index.ts';
import { appendMessages } from '../../server/development/mail/maildir/folder.ts';
import { createMemoryStateStore, runMailTransfer, systemClock, type Receipt } from '../../server/engine/index.ts';
import { startHarness, type Harness } from './helpers/harness.ts';
import { PRODUCTION } from './helpers/production-env.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'dev-mailboxes-page-'));
let devMail: DevMail;
let harness: Harness;
let receipts: Receipt[];

beforeAll(async () => {
  devMail = createDevMail({ dir, messagesPerAccount: 60 });
  await devMail.prepare(['active@example.com']);
  const result = await runMailTransfer({
    transferId: 'page',
    source: devMail.mailSource('active@example.com'),
    destination: devMail.destination('you@gmail.com', 'gmail'),
    store: createMemoryStateStore(),
    clock: systemClock,
  });
  receipts = result.receipts;
  // A message whose headers are markup: the page must show it as text.
  const hostile =
    'From: "<b>Mallory</b>" <mallory@example.net>\r\nSubject: <script>alert(1)</script> & more\r\nMessage-ID: <x@example.net>\r\n\r\nhi\r\n';
  await appendMessages(devMail.layout.mailbox('you@gmail.com'), [
    { raw: Buffer.from(hostile), flags: [], internalDate: new Date(Date.UTC(2030, 0, 1)) },
  ]);
  harness = await startHarness({ devMail });
}, 60_000);

afterAll(async () => {
  await harness?.stop();
  harness?.remove();
  rmSync(dir, { recursive: true, force: true });
});

const folderUrl = (kind: string, address: string, folder: string) =>
  `/dev/mailboxes/folder?${new URLSearchParams({ kind, address, folder })}`;

describe('/dev/mailboxes', () => {
  it('lists each destination and sample mailbox with its folders and counts', async () => {
    const response = await fetch(`${harness.base}/dev/mailboxes`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h3>you@gmail.com</h3>');
    expect(page).toContain('<h3>active@example.com</h3>');
    const sent = receipts.find((r) => r.container === 'Sent');
    expect(sent?.destination).toBe('[Gmail]/Sent Mail');
    const link = folderUrl('destination', 'you@gmail.com', '[Gmail]/Sent Mail').replace(/&/g, '&amp;');
    expect(page).toContain(`<th scope="row"><a href="${link}">[Gmail]/Sent Mail</a></th><td>\\Sent</td><td>${sent?.destinationCount}</td>`);
    const inbox = receipts.find((r) => r.container === 'INBOX');
    expect(page).toMatch(new RegExp(`>INBOX</a></th><td></td><td>${(inbox?.destinationCount ?? -1) + 1}</td>`));
    expect(page).toContain(`you@gmail.com: ${receipts.reduce((sum, r) => sum + r.destinationCount, 0) + 1} messages`);
  });

  it('shows a folder’s messages with decoded subjects and senders, escaped', async () => {
    const response = await fetch(`${harness.base}${folderUrl('destination', 'you@gmail.com', 'INBOX')}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(page).toContain('<time datetime="2030-01-01T00:00:00.000Z">2030-01-01 00:00</time>');
    expect(page).toContain('Invoice attached');
    // RFC 2047 names read back as text.
    expect(page).not.toContain('=?UTF-8?');
    const rows = page.match(/<tr><td><time/g) ?? [];
    expect(rows).toHaveLength((receipts.find((r) => r.container === 'INBOX')?.destinationCount ?? -1) + 1);
  });

  it('answers 404 for an unknown mailbox or folder and 400 for a malformed query', async () => {
    expect((await fetch(`${harness.base}${folderUrl('destination', 'nobody@example.com', 'INBOX')}`)).status).toBe(404);
    expect((await fetch(`${harness.base}${folderUrl('sample', 'active@example.com', 'No such folder')}`)).status).toBe(404);
    expect((await fetch(`${harness.base}/dev/mailboxes/folder?kind=other&address=a@b.c&folder=INBOX`)).status).toBe(400);
  });

  it('does not exist in production', async () => {
    const production = await startHarness({ env: PRODUCTION, devMail });
    try {
      for (const url of ['/dev/mailboxes', '/dev/mailboxes/', folderUrl('destination', 'you@gmail.com', 'INBOX')]) {
        const response = await fetch(`${production.base}${url}`);
        expect(response.status, url).toBe(404);
        expect(await response.text()).not.toContain('you@gmail.com');
      }
    } finally {
      await production.stop();
      production.remove();
    }
  });
});
