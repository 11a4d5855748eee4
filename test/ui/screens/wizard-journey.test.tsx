/**
 * The form screens inside the whole app (shell, route sync, lazy chunks) through V1's renderApp:
 * signed in by the callback, a file export chosen, options and formats picked, the export
 * started. The address bar follows the machine, and each step's heading and buttons are asserted.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { eventually, renderApp, settle } from '../render-app';
import { statusAnswer } from '../../support/portal-fakes.ts';

const SOURCE = 'pat.lee@northwave.example';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('walks destination, options and start inside the shell, with the URL following', async () => {
  const startExport = vi.fn(async () => ({ jobid: 'C'.repeat(32) }));
  const { user } = renderApp({
    url: `/oauth-callback?token_id=tok-9&email=${encodeURIComponent(SOURCE)}`,
    api: {
      fetchMigrationStatus: async () => statusAnswer({ account: true, mailbox: true, login: true, carddav: true, optOutState: 'NONE' }),
      fetchCapabilities: async () => ({ allowed_operations: ['emailmigration', 'contactsmigration'], auth: 'oauth', provider: 'file' }),
      validateDomain: async () => ({ ok: true }),
      startExport,
    },
  });

  await eventually(() => screen.getByRole('heading', { level: 1, name: 'Save your email data' }));
  expect(window.location.pathname).toBe('/destination-account');
  // The callback's token and address never stay in the address bar.
  expect(window.location.search).toBe('');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  await user.click(screen.getByLabelText(/Download/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await eventually(() => screen.getByRole('heading', { level: 1, name: 'Choose what to save' }));
  expect(window.location.pathname).toBe('/migration-options');

  await user.click(screen.getByLabelText(/^Email\s*All your messages/));
  await user.click(screen.getByLabelText(/^MBOX\s*One file per folder/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await eventually(() => screen.getByRole('button', { name: 'Start Export' }));
  expect(window.location.pathname).toBe('/start-migration');
  expect(screen.getByText('Email as MBOX')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Start Export' }));
  await settle();
  expect(startExport).toHaveBeenCalledTimes(1);
  await eventually(() => expect(window.location.pathname).toBe('/complete'));
});
