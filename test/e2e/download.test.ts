/**
 * Journey 4 of issue 6: Download — formats chosen per type, start, complete, then the archive is
 * downloaded by its owner and holds the sample mailbox and address book. The archive belongs to
 * its owner (docs/security.md): the anonymous status answer the status page shows today carries no
 * link, so the journey asks the signed-in status call with the browser's own sign-in for it, as the
 * status page will once it asks that call (see the report of issue 14).
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleContacts, sampleMessages } from '../../server/vendor/sample-data.ts';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { lookUpFromHome, reloadUntilStatus } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const journey = useJourney();

describe('Download', () => {
  it('exports email as MBOX and contacts as VCF into a file that holds the sample data', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    // The browser's sign-in, kept for the owner's download below (the portal forgets it once the export started).
    const signInToken = await page.evaluate(() => sessionStorage.getItem('authToken'));
    expect(signInToken).toMatch(/^[\w-]{43}$/);
    await chooseDestination(page, 'Download');
    await pressNext(page);

    await expectPath(page, '/migration-options');
    await chooseWhatToSave(page, 'Email and contacts');
    await page.getByRole('group', { name: 'Email file format' }).getByRole('radio', { name: /^MBOX\b/ }).check();
    await page.getByRole('group', { name: 'Contacts file format' }).getByRole('radio', { name: /^VCF\b/ }).check();
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
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expectPath(page, '/');
    await lookUpFromHome(page, exportId);
    await reloadUntilStatus(page, ['Email', 'Contacts'], 'Completed');
    await current.check('status-completed-file');

    const link = await page.evaluate(async ({ id, token }) => {
      const anonymous = await (await fetch(`/api/v2/status/?job_id=${id}`)).json();
      const owner = await (await fetch(`/api/status/?job_id=${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
      return { anonymous: JSON.stringify(anonymous), url: owner.emailmigration?.download_url as string | undefined };
    }, { id: exportId, token: signInToken });
    expect(link.anonymous).not.toContain('download');
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/downloads\//);
    const [download] = await Promise.all([page.waitForEvent('download'), page.evaluate((url) => location.assign(url), link.url ?? '')]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const mbox = strFromU8(files['email/Inbox.mbox'] ?? new Uint8Array());
    const vcf = strFromU8(files['contacts/contacts.vcf'] ?? new Uint8Array());
    // One "From " separator line per sample message, and every plain-ASCII subject readable.
    expect(mbox.split(/\r?\n/).filter((line) => /^From \S+@\S+ /.test(line)).length).toBe(sampleMessages.length);
    for (const message of sampleMessages.filter((m) => /^[\x20-\x7e]+$/.test(m.subject))) {
      expect(mbox).toContain(`Subject: ${message.subject}`);
    }
    expect(vcf.match(/BEGIN:VCARD/g)?.length).toBe(sampleContacts.length);
    for (const contact of sampleContacts) expect(vcf).toContain(contact.email);
  });
});
