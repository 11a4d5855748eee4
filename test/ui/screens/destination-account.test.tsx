/**
 * §5 rules of the destination page, through the screen and the real machine with fake timers:
 * the email check 1000 ms after typing stops, the same-address rule, the IMAP host on blur with its
 * three messages, the credentials messages, and exactly when Next is enabled.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrives, createFakeApi, settle as flush, renderSignedIn, SOURCE_EMAIL } from '../render-app';
import { statusAnswer } from '../../support/portal-fakes.ts';

const INVALID_EMAIL = 'Please enter a valid email address.';
const SAME_ADDRESS = 'Please, use different addresses for source and destination.';
const INVALID_IMAP = 'Invalid IMAP. Please enter a valid IMAP address.';
const UNRESOLVED_IMAP = 'Could not resolve IMAP host.';
const INCORRECT = 'Incorrect email or password.';
const UNKNOWN = 'Unknown error, please try again.';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const next = () => screen.getByRole('button', { name: 'Next' });
/** A destination card's radio, by the text of its label (label queries skip jsdom's slow style walk). */
const radio = (name: string) => screen.getByLabelText(new RegExp(name.replace('.', '\\.')));
const emailField = () => screen.getByLabelText('Email address');

async function openOther() {
  const rendered = await renderSignedIn();
  await rendered.user.click(radio('Other'));
  return rendered;
}

describe('destination page', () => {
  it('shows the heading, the offered providers and the note that the address will not move', async () => {
    await renderSignedIn();
    expect(await arrives('Save your email data')).toBeInTheDocument();
    // One role query proves the accessible name (the decorative letter mark is not part of it).
    expect(screen.getByRole('radio', { name: /^Gmail\s*Move to a Google account$/ })).toBeInTheDocument();
    for (const name of ['Outlook.com', 'Yahoo Mail', 'AOL Mail', 'Other', 'Download']) {
      expect(radio(name)).toHaveAttribute('type', 'radio');
    }
    // Successor products appear only when login is not active.
    expect(screen.queryByLabelText(/Northwave Next/)).not.toBeInTheDocument();
    expect(screen.getByText(/email address itself will not move/)).toBeInTheDocument();
  });

  it("offers the successor product and says 'You have N days' when login is not active", async () => {
    const api = createFakeApi();
    api.fetchMigrationStatus.mockResolvedValue(
      statusAnswer({
        account: true,
        mailbox: true,
        login: false,
        optOutState: 'NONE',
        deactivationDate: new Date(Date.now() + 12 * 24 * 3600 * 1000 - 60_000).toISOString(),
      }),
    );
    await renderSignedIn({ api });
    expect(radio('Northwave Next')).toHaveAttribute('type', 'radio');
    expect(screen.getByText(/You have 12 days/)).toBeInTheDocument();
  });

  it("counts 'You have N days' from the moment the status was read: 36 hours ahead is 2 days", async () => {
    const checkedAt = Date.parse('2026-06-01T09:00:00Z');
    const deactivationDate = new Date(checkedAt + 36 * 60 * 60 * 1000).toISOString();
    const api = createFakeApi();
    api.fetchMigrationStatus.mockResolvedValue(
      statusAnswer({ account: true, mailbox: true, login: true, optOutState: 'NONE', deactivationDate }, checkedAt),
    );
    await renderSignedIn({ api });
    expect(screen.getByText(/You have 2 days/)).toBeInTheDocument();
  });

  it('keeps Next disabled until a provider is chosen, then enables it', async () => {
    const { user } = await renderSignedIn();
    expect(next()).toBeDisabled();
    await user.click(radio('Gmail'));
    expect(radio('Gmail')).toBeChecked();
    expect(next()).toBeEnabled();
  });

  it('checks the email 1000 ms after typing stops, and typing clears the earlier error', async () => {
    const { user } = await openOther();
    await user.type(emailField(), 'not-an-address');
    await flush(999);
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    await flush(1);
    expect(screen.getByText(INVALID_EMAIL)).toBeInTheDocument();
    // Tied to its input and announced.
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(expect.stringContaining(INVALID_EMAIL));
    expect(screen.getByText(INVALID_EMAIL).closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    await user.type(emailField(), 'x');
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });

  it('restarts the 1000 ms wait on every keystroke', async () => {
    const { user } = await openOther();
    await user.type(emailField(), 'bad');
    await flush(800);
    await user.type(emailField(), 'x');
    await flush(800);
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    await flush(200);
    expect(screen.getByText(INVALID_EMAIL)).toBeInTheDocument();
  });

  it('rejects the source address as the destination', async () => {
    const { user } = await openOther();
    await user.type(emailField(), SOURCE_EMAIL);
    await flush(1000);
    expect(screen.getByText(SAME_ADDRESS)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(next()).toBeDisabled();
  });

  it('tells Yahoo and AOL customers to use an app password in the Other form', async () => {
    await openOther();
    expect(screen.getByText(/Yahoo Mail and AOL Mail need an app password/)).toBeInTheDocument();
  });

  it('enables Next for Other only with a checked email and a password', async () => {
    const { user } = await openOther();
    expect(next()).toBeDisabled();
    await user.type(emailField(), 'pat@mail.example');
    await flush(1000);
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(next()).toBeEnabled();
  });

  describe('custom IMAP host', () => {
    async function withImap(api = createFakeApi()) {
      const rendered = await renderSignedIn({ api });
      const { user } = rendered;
      await user.click(radio('Other'));
      await user.type(emailField(), 'pat@mail.example');
      await flush(1000);
      await user.type(screen.getByLabelText('Password'), 'secret');
      await user.click(screen.getByRole('checkbox', { name: 'Use a custom IMAP server' }));
      return rendered;
    }

    it('is checked on blur, not while typing', async () => {
      const { user } = await withImap();
      const imap = screen.getByLabelText('IMAP server');
      expect(next()).toBeDisabled();
      await user.type(imap, 'not a host');
      await flush(2000);
      expect(screen.queryByText(INVALID_IMAP)).not.toBeInTheDocument();
      await user.tab();
      expect(screen.getByText(INVALID_IMAP)).toBeInTheDocument();
      expect(imap).toHaveAccessibleDescription(expect.stringContaining(INVALID_IMAP));
      expect(next()).toBeDisabled();
    });

    it("says 'Could not resolve IMAP host.' when the service says not ok", async () => {
      const api = createFakeApi();
      api.validateImap.mockResolvedValue({ ok: false });
      const { user } = await withImap(api);
      await user.type(screen.getByLabelText('IMAP server'), 'imap.nowhere.example');
      await user.tab();
      await flush();
      expect(api.validateImap).toHaveBeenCalledWith({ imap: 'imap.nowhere.example' });
      expect(screen.getByText(UNRESOLVED_IMAP)).toBeInTheDocument();
      expect(next()).toBeDisabled();
    });

    it('gives the invalid-IMAP message when the check call fails', async () => {
      const api = createFakeApi();
      api.validateImap.mockRejectedValue({ kind: 'network' });
      const { user } = await withImap(api);
      await user.type(screen.getByLabelText('IMAP server'), 'imap.mail.example');
      await user.tab();
      await flush();
      expect(screen.getByText(INVALID_IMAP)).toBeInTheDocument();
    });

    it('maps a known provider alias to its host and enables Next once the host resolves', async () => {
      const { user, api } = await withImap();
      const imap = screen.getByLabelText('IMAP server');
      await user.type(imap, 'gmail');
      expect(imap).toHaveValue('imap.gmail.com');
      expect(next()).toBeDisabled();
      await user.tab();
      await flush();
      expect(api.validateImap).toHaveBeenCalledWith({ imap: 'imap.gmail.com' });
      expect(screen.queryByText(INVALID_IMAP)).not.toBeInTheDocument();
      expect(next()).toBeEnabled();
    });
  });

  describe('credentials check', () => {
    async function submitOther(api = createFakeApi()) {
      const rendered = await renderSignedIn({ api });
      const { user } = rendered;
      await user.click(radio('Other'));
      await user.type(emailField(), 'pat@mail.example');
      await flush(1000);
      await user.type(screen.getByLabelText('Password'), 'secret');
      return rendered;
    }

    it('shows a busy Next while the check is pending and sends the credentials once', async () => {
      const api = createFakeApi();
      let answer: (value: { ok: boolean; error: null }) => void = () => {};
      api.validateCredentials.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
      const { user } = await submitOther(api);
      await user.click(next());
      expect(next()).toBeDisabled();
      expect(next()).toHaveAttribute('aria-busy', 'true');
      await user.click(next());
      expect(api.validateCredentials).toHaveBeenCalledTimes(1);
      expect(api.validateCredentials).toHaveBeenCalledWith({
        email: 'pat@mail.example',
        password: 'secret',
        imap: undefined,
        provider: 'other',
      });
      answer({ ok: true, error: null });
      await flush();
      expect(await arrives('Choose what to save')).toBeInTheDocument();
    });

    it.each([
      ['not ok', { ok: false, error: 'INVALID_CREDENTIALS' }, INCORRECT],
      ['ok with an error', { ok: true, error: 'INVALID_CREDENTIALS' }, INCORRECT],
      ['an invalid-IMAP answer', { ok: false, error: 'INVALID_IMAP' }, INVALID_IMAP],
    ])('answers %s with the right message', async (_label, response, message) => {
      const api = createFakeApi();
      api.validateCredentials.mockResolvedValue(response);
      const { user } = await submitOther(api);
      await user.click(next());
      await flush();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(next()).toBeDisabled();
    });

    it("answers a failed call with 'Unknown error, please try again.'", async () => {
      const api = createFakeApi();
      api.validateCredentials.mockRejectedValue({ kind: 'status', status: 500 });
      const { user } = await submitOther(api);
      await user.click(next());
      await flush();
      expect(screen.getByRole('alert')).toHaveTextContent(UNKNOWN);
      // Typing again clears the message and lets the customer retry.
      await user.type(screen.getByLabelText('Password'), '!');
      expect(screen.queryByText(UNKNOWN)).not.toBeInTheDocument();
      expect(next()).toBeEnabled();
    });
  });
});
