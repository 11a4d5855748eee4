/**
 * "Your exports" after signing in from the status dialog: the lead every customer sees (what the
 * list is, where older export IDs are), the same words as the prerendered skeleton, in every state
 * of the look-up; the customer's address and exports below it. Through the whole app, the real
 * machine and fake actors.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { screenHeading } from '../../../src/views/screen-headings';
import { arrives, createFakeApi, eventually, renderApp, SOURCE_EMAIL } from '../render-app';

const HASH = 'f'.repeat(40);
const { lead } = screenHeading('en', 'statusFromEmail');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function openExports(api = createFakeApi()) {
  const view = renderApp({
    url: `/oauth-callback-for-status?token_id=tok-9&email=${encodeURIComponent(SOURCE_EMAIL)}&hash=${HASH}`,
    api,
  });
  await arrives('Your exports');
  return { ...view, api };
}

/** The screen's lead, read where the skeleton paints it: the paragraph under the heading. */
const shownLead = () => screen.getByRole('main').querySelector('header p')?.textContent;

describe('your exports', () => {
  it('leads with what the list is while the exports are looked up', async () => {
    const api = createFakeApi();
    api.fetchJobsByEmail.mockReturnValue(new Promise(() => {}));
    await openExports(api);
    expect(screen.getByText('Looking up your exports...')).toBeInTheDocument();
    expect(shownLead()).toBe(lead);
    expect(lead).toMatch(/only the last five/);
    expect(lead).toMatch(/older export IDs in the emails we sent you/);
  });

  it('lists the five newest under the signed-in address, the lead unchanged above them', async () => {
    const api = createFakeApi();
    api.fetchJobsByEmail.mockResolvedValue({
      a1: '2026-01-01T00:00:00Z',
      a2: '2026-01-06T00:00:00Z',
      a3: '2026-01-03T00:00:00Z',
      a4: '2026-01-02T00:00:00Z',
      a5: '2026-01-05T00:00:00Z',
      a6: '2026-01-04T00:00:00Z',
    });
    await openExports(api);
    const list = await eventually(() => screen.getByRole('list', { name: 'Exports' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['a2', 'a5', 'a6', 'a3', 'a4']);
    expect(shownLead()).toBe(lead);
    // The address is the customer's: it is said next to their exports, not in the prerendered lead.
    expect(screen.getByText(/^Signed in as/)).toHaveTextContent(SOURCE_EMAIL);
    expect(lead).not.toContain(SOURCE_EMAIL);
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('says when no export was found, naming the address, under the same lead', async () => {
    await openExports();
    await eventually(() => screen.getByText(`No exports were found from ${SOURCE_EMAIL}`));
    expect(shownLead()).toBe(lead);
    expect(screen.queryByRole('list', { name: 'Exports' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Signed in as/)).not.toBeInTheDocument();
  });

  it('offers another try when the look-up fails, under the same lead', async () => {
    const api = createFakeApi();
    api.fetchJobsByEmail.mockRejectedValueOnce({ kind: 'network' });
    const { user } = await openExports(api);
    const alert = await eventually(() => screen.getByRole('alert'));
    expect(alert).toHaveTextContent(errorWords.en.statusFromEmailFailed);
    expect(shownLead()).toBe(lead);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await eventually(() => screen.getByText(`No exports were found from ${SOURCE_EMAIL}`));
    expect(api.fetchJobsByEmail).toHaveBeenCalledTimes(2);
  });
});
