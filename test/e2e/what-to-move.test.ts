/**
 * "Choose what to move" in Chromium against the development service: the options page is the page
 * of before until the disclosure is opened; opened (axe on it), it lists the sample mailbox's folders
 * with their counts; a range and one unticked folder go into the export, and the owner's status page
 * says what was left out on purpose.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseEmailFileOptions, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const journey = useJourney();

describe('what to move', () => {
  it('opens the choice, leaves a folder and old mail out, and the status page says so', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await chooseEmailFileOptions(page, 'MBOX');

    const disclosure = page.getByRole('button', { name: 'Choose what to move' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('group', { name: 'Which mail' }).count()).toBe(0);
    await disclosure.click();
    const folders = page.getByRole('group', { name: 'Which folders' }).getByRole('checkbox');
    await expect.poll(() => folders.count()).toBeGreaterThan(1);
    // Each folder's name carries its count: "Inbox (120 messages, 1.2 MB)".
    const names = await folders.evaluateAll((boxes) =>
      boxes.map((box) => ((box as HTMLInputElement).labels?.[0]?.textContent ?? '').trim()),
    );
    for (const name of names) expect(name).toMatch(/^.+ \([\d,]+ messages?(, [\d.]+ (bytes?|[KMG]B))?\)$/);
    await page.getByRole('group', { name: 'Which mail' }).getByRole('radio', { name: 'The last 12 months' }).check();
    await folders.last().uncheck();
    await current.check('migration-options-what-to-move');

    await pressNext(page);
    await expectPath(page, '/start-migration');
    await setNotificationEmail(page, 'kept.safe@example.com');
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
    await startExportButton(page).click();
    await expectPath(page, '/complete');
    await page.getByRole('link', { name: 'Follow your export' }).click();
    await expectPath(page, '/status');
    await expectHeading(page, 'Check your export status');
    await reloadUntilStatus(page, ['Email'], 'Completed');
    await expect
      .poll(() => page.getByText(/^You chose not to move 1 folder and mail before [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).count())
      .toBe(1);
  });
});
