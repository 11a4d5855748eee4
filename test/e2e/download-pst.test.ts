/**
 * Download as PST (issue 31): a customer picks PST for email and for contacts, starts, follows the
 * export, and downloads one ZIP whose `outlook/mailbox.pst` both PST readers (readpst, pffexport) open
 * whole: every folder of the account's sample mailbox (server/development/mail) with its count of messages,
 * Inbox as Outlook's "Inbox" and Trash as its "Deleted Items", and every contact of its address books.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateAddressBooks } from '../../server/development/mail/sample/contacts.ts';
import { generateMailbox } from '../../server/development/mail/sample/messages.ts';
import { seedOf } from '../../server/development/mail/sample/random.ts';
import { readWithPffexport, readWithReadpst } from '../engine/pst/support/readers.ts';
import { useJourney } from './harness/journey.ts';
import { expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const journey = useJourney();
const OWNER = 'active@example.com';

/** The name a sample folder has in the PST: its last segment, INBOX and Trash as Outlook names them. */
const outlookName = (segments: string[]) => {
  const leaf = segments.at(-1) ?? '';
  return leaf.toUpperCase() === 'INBOX' ? 'Inbox' : leaf === 'Trash' ? 'Deleted Items' : leaf;
};

describe('Download as PST', () => {
  it('exports email and contacts as PST into one Outlook data file that both readers open whole', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, OWNER);
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Download');
    await pressNext(page);

    await expectPath(page, '/migration-options');
    await chooseWhatToSave(page, 'Email and contacts');
    for (const group of ['Email file format', 'Contacts file format'])
      await page
        .getByRole('group', { name: group })
        .getByRole('radio', { name: /^PST\b/ })
        .check();
    await current.check('migration-options-pst');
    await pressNext(page);

    await expectPath(page, '/start-migration');
    await expect.poll(() => page.getByText('PST').count()).toBeGreaterThan(0);
    await setNotificationEmail(page, 'kept.safe@example.com');
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
    await startExportButton(page).click();

    await expectPath(page, '/complete');
    await page.getByRole('link', { name: 'Follow your export' }).click();
    await expectPath(page, '/status');
    await reloadUntilStatus(page, ['Email', 'Contacts'], 'Completed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download your file' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(files)).toEqual(['outlook/mailbox.pst']);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pst-'));
    try {
      const file = path.join(dir, 'mailbox.pst');
      writeFileSync(file, files['outlook/mailbox.pst'] ?? new Uint8Array());
      const seed = seedOf(OWNER);
      const messages = await generateMailbox(seed, OWNER);
      const expected = new Map<string, number>();
      for (const m of messages) expected.set(outlookName(m.folder), (expected.get(outlookName(m.folder)) ?? 0) + 1);
      const cards = generateAddressBooks(seed).flatMap((book) => book.cards);
      for (const read of [readWithReadpst, readWithPffexport]) {
        const pst = await read(file, mkdtempSync(path.join(dir, 'read-')));
        for (const [name, count] of expected) {
          const counted = [...pst.counts].find(([folder]) => folder.split('/').at(-1) === name)?.[1];
          expect(counted, `${read.name}: ${name}`).toBe(count);
        }
        expect(pst.messages, read.name).toHaveLength(messages.length);
        expect(pst.contacts, read.name).toHaveLength(cards.length);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
