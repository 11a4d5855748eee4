/**
 * Copy new mail on the owner's status page (decision 0032): the button by its name, the pass followed
 * while it runs, its result announced in a live region ("5 new messages copied", "1 new message
 * copied", "No new messages"), a refusal said in an alert, and no button where the service offers none.
 * Through the whole app, the real machine and fake actors.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CopyPass, StatusResponse } from '../../../contract/index.ts';
import { arrives, createFakeApi, eventually, renderApp, settle } from '../render-app';

const EXPORT_ID = 'C'.repeat(32);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const pass = (status: string, messages: number): CopyPass => ({
  number: 1,
  trigger: 'customer',
  started_at: '2026-11-23T10:00:00Z',
  status,
  messages,
  contacts: 0,
  failed: 0,
});

const completed = (copy?: StatusResponse['copy_new_mail']): StatusResponse => ({
  emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
  ...(copy ? { copy_new_mail: copy } : {}),
});

async function openStatus(answers: StatusResponse[]) {
  const api = createFakeApi();
  for (const answer of answers) api.fetchJobStatus.mockResolvedValueOnce(answer);
  const view = renderApp({ url: `/status?migration_id=${EXPORT_ID}`, api });
  await arrives('Check your export status');
  await eventually(() => screen.getByRole('list', { name: 'Export status by type' }));
  return { ...view, api };
}

const liveRegion = () => screen.getByRole('region', { name: 'New mail since the export' }).querySelector('[role="status"]');

describe('Copy new mail', () => {
  it.each([
    [5, '5 new messages copied.'],
    [1, '1 new message copied.'],
    [0, 'No new messages.'],
  ])('copies new mail on a click, follows the pass and announces %i as "%s"', async (messages, words) => {
    const { api, user } = await openStatus([
      completed({ offered: true, passes: [] }),
      completed({ offered: false, passes: [pass('started', 0)] }),
      completed({ offered: true, passes: [pass('completed', messages)] }),
    ]);
    const region = liveRegion();
    expect(region).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: 'Copy new mail' }));
    await settle();
    expect(api.copyNewMail).toHaveBeenCalledWith({ exportId: EXPORT_ID });
    // While it runs: said, and no second button.
    await eventually(() => expect(region).toHaveTextContent('Copying new mail…'));
    expect(screen.queryByRole('button', { name: 'Copy new mail' })).not.toBeInTheDocument();
    await settle(1_500);
    // The same live region, now with the pass's own count: a change a screen reader reads out.
    await eventually(() => expect(region).toHaveTextContent(words));
    expect(liveRegion()).toBe(region);
    expect(screen.getByRole('button', { name: 'Copy new mail' })).toBeInTheDocument();
    // The export's own counts are as they were.
    expect(screen.getByText('300 of 300 messages')).toBeInTheDocument();
  });

  it('says why when the service refuses, in an alert', async () => {
    const { api, user } = await openStatus([completed({ offered: true, passes: [] })]);
    api.copyNewMail.mockResolvedValueOnce({ refused: 'Your email account is no longer active, so there is no new mail to copy.' });
    await user.click(screen.getByRole('button', { name: 'Copy new mail' }));
    await eventually(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your email account is no longer active, so there is no new mail to copy.'),
    );
  });

  it('is not on the page when the service does not offer it (a file export, anyone but the owner)', async () => {
    await openStatus([completed()]);
    expect(screen.queryByRole('button', { name: 'Copy new mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New mail since the export' })).not.toBeInTheDocument();
  });
});
