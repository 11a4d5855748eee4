/**
 * The status page while an export runs: each operation's counts and bar, a destination's wait said in
 * words, the page following the export every 10 s without a spinner, and the owner's Cancel with
 * its confirmation. Through the whole app, the real machine and fake actors.
 */
import { screen, within } from '@testing-library/react';
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

async function openStatus(answers: Array<StatusResponse | null>) {
  const api = createFakeApi();
  for (const answer of answers) api.fetchJobStatus.mockResolvedValueOnce(answer);
  const view = renderApp({ url: `/status?migration_id=${EXPORT_ID}`, api });
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
    // The state, not every count, is announced.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Email: In progress. Contacts: In progress.');
  });

  it('keeps the live region of the time to finish in place while the export runs, so what arrives in it is announced', async () => {
    const counting: StatusResponse = { emailmigration: { status: 'started', progress: { total: null, done: 0, failed: 0 } } };
    await openStatus([counting, running(1240), { emailmigration: { status: 'completed' } }]);
    const region = screen.getByRole('status', { name: 'Email: time to finish' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(/^$/);
    await settle(10_000);
    // The same element, now with the words: a change a screen reader reads out.
    await eventually(() => expect(region).toHaveTextContent(/^About 4 days — Gmail accepts about 500 MB a day from other apps\./));
    expect(screen.getByRole('status', { name: 'Email: time to finish' })).toBe(region);
    await settle(10_000);
    await eventually(() => expect(screen.queryByRole('status', { name: 'Email: time to finish' })).not.toBeInTheDocument());
  });

  it('follows the export every 10 s without a spinner, and stops asking once it has ended', async () => {
    const { api } = await openStatus([running(1240), running(2600), { emailmigration: { status: 'completed' } }]);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(1);
    await settle(9_999);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(1);
    await settle(1);
    expect(screen.queryByText('Fetching your export status...')).not.toBeInTheDocument();
    await eventually(() => screen.getByText(/^2,602 of 5,000 messages/));
    await settle(10_000);
    await eventually(() => screen.getByText('Completed'));
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(3);
    await settle(30_000);
    expect(api.fetchJobStatus).toHaveBeenCalledTimes(3);
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
