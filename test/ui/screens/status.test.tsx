/**
 * The status page while an export runs: each operation's counts and bar, a destination's wait said in
 * words, the page following the export every 1.5 s without a spinner, what a screen reader is told,
 * and the owner's Cancel with its confirmation, and Pause and Resume; once it ended, outcomes in words that match what
 * arrived. Through the whole app, the real machine and fake actors.
 */
import { screen, within } from '@testing-library/react';
import type { ProfilerOnRenderCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { arrives, createFakeApi, eventually, renderApp, settle } from '../render-app';

const EXPORT_ID = 'R'.repeat(32);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const running = (done: number, canCancel = true): StatusResponse => ({
  emailmigration: {
    status: 'started',
    progress: { total: 5000, done, failed: 2, bytes_total: 120e6, bytes_done: 35e6 },
    estimate: { finish: '2026-03-07T10:00:00Z', seconds: 4 * 86_400 + 600, cap: { provider: 'gmail', per: 'day', bytes: 500e6 } },
  },
  contactsmigration: { status: 'started', waiting: { reason: 'daily-limit', until: '2026-03-03T14:00:00Z', provider: 'gmail' } },
  can_cancel: canCancel,
});

async function openStatus(answers: Array<StatusResponse | null>, onCommit?: ProfilerOnRenderCallback) {
  const api = createFakeApi();
  for (const answer of answers) api.fetchJobStatus.mockResolvedValueOnce(answer);
  const view = renderApp({ url: `/status?migration_id=${EXPORT_ID}`, api, onCommit });
  await arrives('Check your export status');
  await eventually(() => screen.getByRole('list', { name: 'Export status by type' }));
  return { ...view, api };
}

describe('status page of a running export', () => {
  it('shows counts, sizes and a bar per operation, and says when a waiting destination goes on', async () => {
    await openStatus([running(1240)]);
    const email = screen.getByRole('progressbar', { name: 'Email progress' });
    expect(email).toHaveAttribute('max', '5000');
    expect(email).toHaveAttribute('value', '1242');
    expect(screen.getByText('1,242 of 5,000 messages (35 MB of 120 MB)')).toBeInTheDocument();
    expect(screen.getByText('2 messages could not be moved.')).toBeInTheDocument();
    // How long, and why, said in words and announced when it changes.
    expect(screen.getByRole('status', { name: 'Email: time to finish' })).toHaveTextContent(
      'About 4 days — Gmail accepts about 500 MB a day from other apps. You can close this page; we will email you when it is done.',
    );
    expect(screen.getByRole('status', { name: 'Contacts: time to finish' })).toHaveTextContent(
      /^Waiting for Gmail's daily limit — continues about Tuesday \d{1,2}:\d{2} (AM|PM)\. You can close this page\.$/,
    );
    // Each tenth of the way, not every count, is announced.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Email: in progress, about 20% done. Contacts: in progress.');
  });

  it('keeps the live region of the time to finish in place while the export runs, so what arrives in it is announced', async () => {
    const counting: StatusResponse = { emailmigration: { status: 'started', progress: { total: null, done: 0, failed: 0 } } };
    await openStatus([counting, running(1240), { emailmigration: { status: 'completed' } }]);
    const region = screen.getByRole('status', { name: 'Email: time to finish' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(/^$/);
    await settle(1_500);
    // The same element, now with the words: a change a screen reader reads out.
    await eventually(() => expect(region).toHaveTextContent(/^About 4 days — Gmail accepts about 500 MB a day from other apps\./));
    expect(screen.getByRole('status', { name: 'Email: time to finish' })).toBe(region);
    await settle(1_500);
    await eventually(() => expect(screen.queryByRole('status', { name: 'Email: time to finish' })).not.toBeInTheDocument());
  });

  it('follows the export every 1.5 s without a spinner, and stops asking once it has ended', async () => {
    const { api } = await openStatus([running(1240), running(2600), { emailmigration: { status: 'completed' } }]);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(1);
    await settle(1_499);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(1);
    await settle(1);
    expect(screen.queryByText('Fetching your export status...')).not.toBeInTheDocument();
    await eventually(() => screen.getByText(/^2,602 of 5,000 messages/));
    await settle(1_500);
    await eventually(() => screen.getByText('Completed'));
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(3);
    await settle(30_000);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(3);
  });

  it('renders nothing for a refresh that brings nothing new, and only then what changed', async () => {
    // Each render of a page costs the phone's main thread; the page asks every 1.5 s.
    let commits = 0;
    await openStatus([running(1240), running(1240), running(1300)], () => {
      commits += 1;
    });
    await settle();
    commits = 0;
    await settle(1_500);
    expect(commits).toBe(0);
    await settle(1_500);
    await eventually(() => screen.getByText(/^1,302 of 5,000 messages/));
    expect(commits).toBeGreaterThan(0);
  });

  it('announces a new tenth of the way, not every new count', async () => {
    await openStatus([running(1240), running(1300), running(1500)]);
    const announcer = screen.getByRole('status', { name: '' });
    expect(announcer).toHaveTextContent(/^Email: in progress, about 20% done\./);
    await settle(1_500);
    await eventually(() => screen.getByText(/^1,302 of 5,000 messages/));
    expect(announcer).toHaveTextContent(/^Email: in progress, about 20% done\./);
    await settle(1_500);
    await eventually(() => expect(announcer).toHaveTextContent(/^Email: in progress, about 30% done\./));
  });

  it('offers Cancel to the owner only, asks first, and shows the cancelled export', async () => {
    const { api, user } = await openStatus([running(10), { emailmigration: { status: 'error', reason: 'cancelled' } }]);
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop this export?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, stop the export' }));
    await settle();
    expect(api.cancelExport).toHaveBeenCalledWith({ exportId: EXPORT_ID });
    await eventually(() => screen.getByText('You cancelled this export. What was copied before stays where it is.'));
    // A cancel is not "stopped due to an error", and an ended export offers no Cancel.
    expect(screen.queryByText('Sorry, your export process stopped due to an error')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument();
  });

  it('keeps Cancel, Refresh and the keyboard focus in place while the page asks again, and Cancel works then', async () => {
    const { api, user } = await openStatus([running(10)]);
    // The next answer is slow to come (a phone on a poor network).
    let answer: (value: StatusResponse) => void = () => undefined;
    api.fetchJobStatus.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const cancel = screen.getByRole('button', { name: 'Cancel export' });
    cancel.focus();
    await settle(1_500);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Cancel export' })).toBe(cancel);
    expect(cancel).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Refresh status' })).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog', { name: 'Stop this export?' })).toBeInTheDocument();
    // The refresh it left answers late: the dialog stays.
    answer(running(20));
    await settle();
    expect(screen.getByRole('alertdialog', { name: 'Stop this export?' })).toBeInTheDocument();
  });

  it('offers no Cancel to someone who is not the owner', async () => {
    await openStatus([running(10, false)]);
    expect(screen.queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument();
  });

  it('says so when the export had already finished', async () => {
    const { api, user } = await openStatus([running(10), running(10)]);
    api.cancelExport.mockResolvedValueOnce({ ok: false });
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    await user.click(screen.getByRole('button', { name: 'Yes, stop the export' }));
    await eventually(() => screen.getByText('This export has already finished, so there is nothing to cancel.'));
  });
});

describe('pause and resume by the owner (decision 0031)', () => {
  const mail = (paused: boolean): StatusResponse => ({
    emailmigration: {
      status: 'started',
      progress: { total: 300, done: 150, failed: 0 },
      ...(paused ? { paused: { since: '2026-03-03T14:00:00Z' } } : { estimate: { finish: '2026-03-03T15:00:00Z', seconds: 600 } }),
    },
    can_cancel: true,
    can_pause: !paused,
    can_resume: paused,
  });

  it('pauses with one press, says it is paused in words a screen reader hears, and resumes with the same button', async () => {
    const { api, user } = await openStatus([mail(false), mail(true), mail(false)]);
    const button = screen.getByRole('button', { name: 'Pause export' });
    expect(screen.queryByRole('button', { name: 'Resume export' })).not.toBeInTheDocument();
    await user.click(button);
    expect(api.pauseExport).toHaveBeenCalledWith({ exportId: EXPORT_ID });
    // The answer after the call: Paused, in the label, the announcer and the operation's live region; Resume in Pause's place.
    await eventually(() => screen.getByRole('button', { name: 'Resume export' }));
    expect(screen.queryByRole('button', { name: 'Pause export' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Email: Paused. 150 of 300 messages.');
    expect(screen.getByRole('status', { name: 'Email: time to finish' })).toHaveTextContent(
      /^You paused this export on Tuesday \d{1,2}:\d{2} (AM|PM)\. Nothing is copied until you resume it\. What was copied stays where it is\.$/,
    );
    expect(screen.queryByText(/^About /)).not.toBeInTheDocument();
    // Cancel stays on offer; a paused export is asked about every 10 s, not every 1.5 s.
    expect(screen.getByRole('button', { name: 'Cancel export' })).toBeInTheDocument();
    const asked = api.fetchJobStatus.mock.calls.length;
    await settle(1_500);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(asked);

    await user.click(screen.getByRole('button', { name: 'Resume export' }));
    expect(api.resumeExport).toHaveBeenCalledWith({ exportId: EXPORT_ID });
    await eventually(() => screen.getByRole('button', { name: 'Pause export' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/^Email: in progress, about 50% done\./);
  });

  it('keeps the pressed button busy until the answer comes, so a double click is one call', async () => {
    const { api, user } = await openStatus([mail(false), mail(true)]);
    let answer: (value: { ok: boolean }) => void = () => undefined;
    api.pauseExport.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Pause export' }));
    const busy = screen.getByRole('button', { name: 'Pause export' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(api.pauseExport).toHaveBeenCalledTimes(1);
    answer({ ok: true });
    await eventually(() => screen.getByRole('button', { name: 'Resume export' }));
  });

  it('says why when the pause is refused', async () => {
    const { api, user } = await openStatus([mail(false)]);
    api.pauseExport.mockResolvedValueOnce({ ok: false });
    await user.click(screen.getByRole('button', { name: 'Pause export' }));
    await eventually(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This export can no longer be paused. It may have just finished.'),
    );
  });

  it('shows anyone else that it is paused, and offers them neither button', async () => {
    await openStatus([{ emailmigration: mail(true).emailmigration }]);
    expect(screen.getByText('Paused')).toBeInTheDocument();
    for (const name of ['Pause export', 'Resume export']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

describe('status page of an ended export: words that match what arrived', () => {
  it('a partly failed export says how many could not be moved, never a tick beside full counts, and why, item by item', async () => {
    await openStatus([
      {
        emailmigration: { status: 'completed', progress: { total: 300, done: 285, failed: 15 } },
        receipt: [{ operation: 'emailmigration', container: 'INBOX', source: 300, destination: 285 }],
        report_url: '/api/reports/r',
        failures: {
          reasons: [
            { operation: 'emailmigration', reason: 'too-big', count: 12 },
            { operation: 'emailmigration', reason: 'quota', count: 3 },
          ],
          items: [
            {
              operation: 'emailmigration',
              container: 'Archive/2019',
              reason: 'too-big',
              subject: 'Holiday photos',
              sender: 'Zoë Müller <zoe@example.net>',
              date: '2019-08-04T10:30:00.000Z',
              size: 41_000_000,
            },
          ],
          destination: 'gmail',
        },
      },
    ]);
    const email = within(screen.getByRole('list', { name: 'Export status by type' })).getByRole('listitem');
    expect(email).toHaveTextContent('Completed — 15 of 300 messages could not be moved');
    expect(email).not.toHaveTextContent('✓');
    expect(email).not.toHaveTextContent('300 of 300');
    expect(email).toHaveTextContent('285 of 300 messages arrived.');
    expect(screen.getByRole('table', { name: 'What arrived, folder by folder' })).toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Why some items could not be moved' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Too big for Gmail: 12', 'No room left at Gmail: 3']);
    const items = within(reasons).getByRole('table', { name: 'The first 1 items that could not be moved' });
    const row = within(items).getByRole('row', { name: /Holiday photos/ });
    expect(row).toHaveTextContent('Archive/2019');
    expect(row).toHaveTextContent('Zoë Müller <zoe@example.net>');
    expect(row).toHaveTextContent('2019');
    expect(row).toHaveTextContent('41 MB');
    expect(screen.getByRole('link', { name: 'Download the list of items that could not be moved (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Email: Completed — 15 of 300 messages could not be moved. 285 of 300 messages arrived.',
    );
  });

  it('a complete export whose PST kept a message as an attachment says so, without calling it a failure', async () => {
    await openStatus([
      {
        emailmigration: { status: 'completed', progress: { total: 3, done: 3, failed: 0 } },
        receipt: [{ operation: 'emailmigration', container: 'INBOX', source: 3, destination: 3 }],
        report_url: '/api/reports/r',
        failures: {
          reasons: [{ operation: 'emailmigration', reason: 'kept-as-attachment', count: 1 }],
          items: [
            {
              operation: 'emailmigration',
              container: 'INBOX',
              reason: 'kept-as-attachment',
              subject: 'Nested too deep',
              sender: 'Loop <loop@example.net>',
              date: '2024-01-02T10:00:00.000Z',
              size: 18_000,
            },
          ],
          destination: 'file',
        },
      },
    ]);
    const email = within(screen.getByRole('list', { name: 'Export status by type' })).getByRole('listitem');
    expect(email).toHaveTextContent('Completed');
    expect(email).not.toHaveTextContent('could not be moved');
    const kept = screen.getByRole('region', { name: 'Items moved in another form' });
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Could not be read, so it is a note with the message attached: 1']);
    const items = within(kept).getByRole('table', { name: 'The first 1 items moved in another form' });
    expect(within(items).getByRole('row', { name: /Nested too deep/ })).toHaveTextContent('INBOX');
    expect(screen.getByRole('link', { name: 'Download the list of these items (CSV)' })).toHaveAttribute('href', '/api/reports/r');
    expect(screen.queryByText(/could not be moved/)).not.toBeInTheDocument();
  });

  it('a cancelled export says what arrived before the cancel, with its receipt', async () => {
    await openStatus([
      {
        emailmigration: { status: 'error', reason: 'cancelled', progress: { total: 300, done: 44, failed: 0 } },
        receipt: [{ operation: 'emailmigration', container: 'INBOX', source: 300, destination: 44 }],
        report_url: null,
      },
    ]);
    const email = within(screen.getByRole('list', { name: 'Export status by type' })).getByRole('listitem');
    expect(email).toHaveTextContent('Cancelled');
    expect(email).toHaveTextContent('44 of 300 messages arrived before you cancelled.');
    expect(email).not.toHaveTextContent('0 of 300');
    const receipt = screen.getByRole('table', { name: 'What arrived, folder by folder' });
    expect(within(receipt).getByRole('row', { name: /INBOX/ })).toHaveTextContent('44 (fewer)');
    expect(screen.queryByText('Sorry, your export process stopped due to an error')).not.toBeInTheDocument();
  });
});
