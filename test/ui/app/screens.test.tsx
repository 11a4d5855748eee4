import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { eventually, renderApp, settle, visit } from '../render-app';
import { withoutSecrets } from '../../../src/routing/url.ts';
import { statusAnswer, type FakeApi } from '../../support/portal-fakes.ts';
import type { MigrationStatusResponse } from '../../../contract/index.ts';

const EXPORT_ID = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
const OPEN_ACCOUNT: MigrationStatusResponse = { account: true, login: true, mailbox: true, carddav: true, optOutState: 'NONE' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('callback routes', () => {
  it('strip token_id and email from the address bar at once, and show no flash of a screen for them', async () => {
    renderApp({ url: '/', api: { fetchMigrationStatus: () => new Promise(() => {}) } });
    await settle();
    await visit('/oauth-callback?token_id=secret-token&email=pat%40northwave.example');
    expect(window.location.href).not.toContain('secret-token');
    expect(window.location.href).not.toContain('pat%40northwave.example');
    const main = screen.getByRole('main');
    await eventually(() => within(main).getByText('Fetching information for pat@northwave.example...'));
    expect(window.location.pathname).toBe('/loading');
  });
});

describe('status sign-in callback', () => {
  it('strips the hash with the token and the address, keeping any other query', () => {
    expect(withoutSecrets(`?token_id=t&email=a%40b.example&hash=${'ab'.repeat(20)}&migration_id=X`)).toBe('?migration_id=X');
    expect(withoutSecrets(`?hash=${'ab'.repeat(20)}`)).toBe('');
  });

  it('lists the exports with the hash it came back with, and leaves it out of the address bar', async () => {
    const hash = 'ab'.repeat(20);
    const fetchJobsByEmail = vi.fn(async () => ({}));
    renderApp({ url: '/', api: { fetchJobsByEmail } });
    await settle();
    await visit(`/oauth-callback-for-status?token_id=secret-token&email=pat%40northwave.example&hash=${hash}`);
    expect(window.location.href).not.toContain('secret-token');
    expect(window.location.href).not.toContain(hash);
    await eventually(() => expect(fetchJobsByEmail).toHaveBeenCalledWith(expect.objectContaining({ hash })));
  });
});

describe('status page', () => {
  it('shows "In progress" for a started job and the completed type', async () => {
    renderApp({
      url: `/status?migration_id=${EXPORT_ID}`,
      api: { fetchJobStatus: async () => ({ emailmigration: { status: 'started' }, contactsmigration: { status: 'completed' } }) },
    });
    await eventually(() => screen.getByText('In progress'));
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your export status');
  });

  it('an ID that is not 32 characters shows the invalid ID text with support link', async () => {
    renderApp({ url: '/status?migration_id=short' });
    await eventually(() => screen.getByText('Sorry, your export ID is invalid...'));
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support-form');
  });

  it('an unknown job status is shown as an error with try again', async () => {
    let calls = 0;
    const { user } = renderApp({
      url: `/status?migration_id=${EXPORT_ID}`,
      api: { fetchJobStatus: async () => ((calls += 1), { emailmigration: { status: 'weird' } }) },
    });
    await eventually(() => screen.getByText('Sorry, your export process stopped due to an error'));
    expect(screen.getByText('Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(calls).toBe(2);
  });
});

describe('complete page', () => {
  it('Copy Export ID shows "Copied!" for 500 ms', async () => {
    const api: FakeApi = {
      fetchMigrationStatus: async () => statusAnswer(OPEN_ACCOUNT),
      fetchCapabilities: async () => ({ allowed_operations: ['emailmigration', 'contactsmigration'], auth: 'other', provider: 'file' }),
      validateDomain: async () => ({ ok: true }),
      startExport: async () => ({ jobid: EXPORT_ID }),
    };
    const { actor, user, effects } = renderApp({ url: '/oauth-callback?token_id=t&email=pat%40northwave.example', api });
    await eventually(() => screen.getByRole('heading', { level: 1, name: 'Save your email data' }));
    // The wizard up to /complete is the other screens' business: go there through the machine.
    actor.send({ type: 'DESTINATION.SELECTED', provider: 'file' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await settle();
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'MBOX' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await settle();
    actor.send({ type: 'NOTIFICATION_EMAIL.CHANGED', value: 'pat@example.org' });
    await settle(400);
    actor.send({ type: 'EXPORT.START_REQUESTED' });
    const input = await eventually(() => screen.getByLabelText('Your export ID'));
    expect(input).toHaveValue(EXPORT_ID);
    expect(input).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy Export ID' }));
    await settle();
    expect(effects).toContainEqual({ name: 'copyExportId', params: { exportId: EXPORT_ID } });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await settle(499);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await settle(1);
    expect(screen.getByRole('button', { name: 'Copy Export ID' })).toBeInTheDocument();
  });
});

describe('policy pages', () => {
  it('/privacy-policy leaves for the external page after 500 ms, not before', async () => {
    const { effects } = renderApp({ url: '/privacy-policy' });
    await eventually(() => screen.getByText('Taking you to our Privacy Policy...'));
    await settle(400);
    expect(effects).toEqual([]);
    await settle(100);
    expect(effects).toEqual([{ name: 'leaveForExternalPage', params: { page: 'privacyPolicy' } }]);
  });
});

describe('support form', () => {
  it('Submit stays disabled until the address has an @ and the issue is longer than 5 characters; the form clears after sending', async () => {
    const sent: unknown[] = [];
    const { user } = renderApp({ url: '/support-form', api: { submitSupportRequest: async (input) => (sent.push(input), { ok: true }) } });
    const submit = await eventually(() => screen.getByRole('button', { name: 'Submit' }));
    expect(submit).toBeDisabled();
    const email = screen.getByLabelText(/^Your Northwave email address/);
    await user.type(email, 'pat');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, '@northwave.example');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    const issue = screen.getByLabelText(/^What happened\?/);
    await user.type(issue, 'help!');
    expect(submit).toBeDisabled();
    await user.type(issue, '?');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await settle();
    expect(sent).toEqual([{ email_address: 'pat@northwave.example', destination_email: '', migration_id: '', issue: 'help!?' }]);
    expect(screen.getByText('Thanks — we received your message.')).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(issue).toHaveValue('');
    // The support form is step 6: Start over shows there (§1).
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
  });
});
