/**
 * Journey 4 of issue 6: Download — formats chosen per type, start, complete, follow the export,
 * then the archive is downloaded by its owner from the status page and holds the account's sample
 * mailbox and address books (server/development/mail), moved by the transfer engine: every message byte for
 * byte, every vCard as stored. The archive belongs to its owner (docs/security.md): the anonymous status answer
 * carries no link; the signed-in page offers the button.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateAddressBooks } from '../../server/development/mail/sample/contacts.ts';
import { generateMailbox } from '../../server/development/mail/sample/messages.ts';
import { seedOf } from '../../server/development/mail/sample/random.ts';
import { sha256, splitMboxrd } from '../engine/support/archive-reader.ts';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const journey = useJourney();

describe('Download', () => {
  it('exports email as MBOX and contacts as VCF into a file that holds the sample data', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Download');
    await pressNext(page);

    await expectPath(page, '/migration-options');
    await chooseWhatToSave(page, 'Email and contacts');
    await page
      .getByRole('group', { name: 'Email file format' })
      .getByRole('radio', { name: /^MBOX\b/ })
      .check();
    await page
      .getByRole('group', { name: 'Contacts file format' })
      .getByRole('radio', { name: /^VCF\b/ })
      .check();
    await current.check('migration-options-file-formats');
    await pressNext(page);

    await expectPath(page, '/start-migration');
    await expectHeading(page, 'Save your email data');
    await expect.poll(() => page.getByText('MBOX').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('VCF').count()).toBeGreaterThan(0);
    await setNotificationEmail(page, 'kept.safe@example.com');
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
    await current.check('start-migration-file');
    await startExportButton(page).click();

    await expectPath(page, '/complete');
    const exportId = await page.getByLabel('Your export ID').inputValue();
    expect(exportId).toMatch(/^[A-Za-z0-9]{32}$/);
    await page.getByRole('link', { name: 'Follow your export' }).click();
    await expectPath(page, '/status');
    await reloadUntilStatus(page, ['Email', 'Contacts'], 'Completed');
    await current.check('status-completed-file');

    // Whoever has only the export ID gets no link; the signed-in owner gets the button.
    const anonymous = await page.evaluate(
      async (id) => JSON.stringify(await (await fetch(`/api/v2/status/?job_id=${id}`)).json()),
      exportId,
    );
    expect(anonymous).not.toContain('download');
    const button = page.getByRole('link', { name: 'Download your file' });
    expect(await button.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/downloads\//);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const seed = seedOf('active@example.com');
    const messages = await generateMailbox(seed, 'active@example.com');
    const mboxes = Object.entries(files).filter(([name]) => name.startsWith('email/') && name.endsWith('.mbox'));
    expect(mboxes.map(([name]) => name)).toContain('email/INBOX.mbox');
    const exported = mboxes.flatMap(([, data]) => splitMboxrd(Buffer.from(data)).map(sha256));
    expect(exported.sort()).toEqual(messages.map((m) => sha256(m.raw)).sort());
    const vcf = strFromU8(files['contacts/contacts.vcf'] ?? new Uint8Array());
    const cards = generateAddressBooks(seed).flatMap((book) => book.cards);
    expect(vcf.match(/BEGIN:VCARD/g)?.length).toBe(cards.length);
    for (const card of cards) expect(vcf).toContain(card.vcard);
  });
});
