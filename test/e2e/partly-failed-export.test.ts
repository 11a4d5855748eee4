/**
 * Issue 36's partly failed export, in the browser: a real transfer into a Dovecot account that refuses
 * messages over 3 KB. The page says how many could not be moved (never a tick beside full counts) and
 * names the failed messages by subject, sender and date; the item report downloaded from it names each
 * of them so; the "complete" mail the service writes to its outbox says in its subject that some did not move.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateAndTime } from '../../contract/index.ts';
import { aboutMessage, fixtureMailbox } from '../engine/support/mail-fixture.ts';
import { startImapExportService, type ImapExportService } from './harness/imap-export-service.ts';
import { useJourney } from './harness/journey.ts';
import { expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { statusOf, tableRows } from './steps/status.ts';
import { followExport, startExportToImap } from './steps/wizard.ts';

const customer = { email: 'active@example.com', password: 'active-source-pw' };
const small = { email: 'sam.small@example.net', password: 'Sam-destination-pw-4', maxMailSize: '3K' };
const messages = fixtureMailbox(21, 120);
const tooBig = messages.filter((message) => message.raw.length > 3 * 1024);

let service: ImapExportService;

beforeAll(async () => {
  service = await startImapExportService(customer, messages, [small]);
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

const journey = useJourney({ service: () => service.portal });

/** The mails the service wrote to its outbox for this export, parsed. */
async function mailsOf(exportId: string) {
  const outbox = path.join(service.portal.dataDir, 'outbox');
  const names = readdirSync(outbox).filter((name) => name.includes(exportId));
  return Promise.all(names.map((name) => PostalMime.parse(readFileSync(path.join(outbox, name)))));
}

describe('an export where some messages are too big for the destination', () => {
  it('says how many did not move, names them on the page, in the item report and in the mail subject', { timeout: 180_000 }, async () => {
    expect(tooBig.length).toBeGreaterThan(0);
    expect(tooBig.length).toBeLessThan(messages.length);
    const current = journey();
    const { page } = current;
    await signIn(current, customer.email);
    await expectPath(page, '/destination-account');
    const exportId = await startExportToImap(page, small, `127.0.0.1:${service.proxy.port}`);
    await followExport(page);

    // The page follows the export to its end and words it as it went: no tick, no full counts.
    const email = statusOf(page, 'Email');
    const total = messages.length;
    await email.getByText(`Completed — ${tooBig.length} of ${total} messages could not be moved`).waitFor({ timeout: 120_000 });
    const shown = (await email.textContent()) ?? '';
    expect(shown).not.toContain('✓');
    expect(shown).not.toContain(`${total} of ${total} messages`);
    expect(shown).toContain(`${total - tooBig.length} of ${total} messages arrived.`);
    await current.check('status-partly-failed-imap');

    // The first items are listed as a mail program shows them: each row is one of the too-big messages.
    const named = tooBig.map(aboutMessage);
    const table = page.getByRole('table', { name: /items that could not be moved/ });
    const rows = await tableRows(table);
    expect(rows).toHaveLength(Math.min(20, tooBig.length));
    for (const [, subject, sender, date] of rows) {
      expect(
        named.some((one) => one.subject === subject && sender?.includes(one.address) && dateAndTime(Date.parse(one.date)) === date),
      ).toBe(true);
    }

    // The item report from the page's link: one row per too-big message with its subject, sender and date.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the list of items that could not be moved (CSV)' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    const header = (csv[0] ?? '').split(',');
    const items = csv.filter((line) => line.startsWith('item,')).map((line) => line.split(','));
    expect(items).toHaveLength(tooBig.length);
    const column = (name: string) => header.indexOf(name);
    const reported = items.map((cells) => ({
      subject: cells[column('subject')],
      address: /<(.*)>$/.exec(cells[column('sender')] ?? '')?.[1],
      date: cells[column('date')],
    }));
    const sorted = (list: unknown[]) => list.map((one) => JSON.stringify(one)).sort();
    expect(sorted(reported)).toEqual(sorted(named.map(({ subject, address, date }) => ({ subject, address, date }))));

    // The "complete" mail says in its subject that something did not move.
    await expect.poll(async () => (await mailsOf(exportId)).length, { timeout: 30_000 }).toBe(2);
    const ended = (await mailsOf(exportId)).find((mail) => !/has started/.test(mail.subject ?? ''));
    expect(ended?.subject).toMatch(/some messages could not be moved/);
    expect(ended?.subject).not.toMatch(/is complete/);
  });
});
