import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { arrives, eventually, renderApp, settle } from '../render-app';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in screen', () => {
  it('shows the hero, the five-step sidebar at step 1, and no Start over', async () => {
    renderApp({ url: '/' });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Save your email and contacts' })).toBeInTheDocument();
    expect(screen.getByText('Take your email and contacts with you')).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Northwave home page' })).toHaveAttribute('href', 'https://www.northwave.example/');
  });

  it('Sign in leaves for the single sign-on once, and shows it is busy', async () => {
    const { user, effects } = renderApp({ url: '/' });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(effects.map((e) => e.name)).toEqual(['leaveForSourceSignIn']);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('export status modal: rejects an ID that is not 32 alphanumerics, closes on Escape and gives focus back', async () => {
    const { user } = renderApp({ url: '/' });
    await settle();
    const opener = screen.getByRole('button', { name: 'Check your export status' });
    await user.click(opener);
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Check your export status' }));
    const field = within(dialog).getByLabelText(/Export ID/);
    expect(field).toHaveAttribute('maxLength', '64');
    expect(field).toHaveFocus();
    await user.type(field, 'abc123');
    await user.click(within(dialog).getByRole('button', { name: 'Check status' }));
    await settle();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Invalid export ID')).toBeInTheDocument();
    expect(field.getAttribute('aria-describedby')).toContain(within(dialog).getByText('Invalid export ID').closest('p')?.id);
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a valid export ID goes to the status page', async () => {
    const id = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
    const { user } = renderApp({ url: '/', api: { fetchJobStatus: async () => ({ emailmigration: { status: 'started' } }) } });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Check your export status' }));
    const field = await eventually(() => screen.getByLabelText(/Export ID/));
    await user.type(field, id);
    await user.keyboard('{Enter}');
    await eventually(() => screen.getByText('In progress'));
    expect(window.location.pathname).toBe('/status');
    expect(new URLSearchParams(window.location.search).get('migration_id')).toBe(id);
  });

  it('Tab stays inside the modal', async () => {
    const { user } = renderApp({ url: '/' });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Check your export status' }));
    const dialog = await eventually(() => screen.getByRole('dialog'));
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('opens the error modal from the query, with the §8 title and message', async () => {
    const { user } = renderApp({ url: '/?error=ACCOUNT_DOES_NOT_EXIST&type=AUTH_ERROR' });
    const dialog = await eventually(() => screen.getByRole('alertdialog'));
    expect(within(dialog).getByRole('heading', { name: 'We were unable to log you into the export tool.' })).toBeInTheDocument();
    expect(within(dialog).getByText('The user does not exist.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('opens the #error modal with the external authentication text', async () => {
    renderApp({ url: '/#error' });
    const dialog = await eventually(() => screen.getByRole('alertdialog'));
    expect(within(dialog).getByText('An external authentication error has happened. Please, try to sign in again.')).toBeInTheDocument();
  });

  describe("the error modal's next steps", () => {
    it('offers no "Try again" where the same sign-in meets the same account, and takes the reason to support', async () => {
      const { user, effects } = renderApp({ url: '/?error=MAILBOX_IS_NOT_ACTIVE&type=AUTH_ERROR&message=pat%40northwave.example' });
      const dialog = await eventually(() => screen.getByRole('alertdialog'));
      expect(within(dialog).getByText('The mailbox for user pat@northwave.example is not active.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      const support = within(dialog).getByRole('button', { name: 'Contact support' });
      await settle();
      expect(support).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await arrives('Contact support')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/support-form');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/^Your Northwave email address/)).toHaveValue('pat@northwave.example');
      expect(screen.getByLabelText(/^What happened\?/)).toHaveValue(
        'I could not sign in to the export portal. The message said: The mailbox for user pat@northwave.example is not active.',
      );
      // Filled in and valid: one press sends it.
      expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
      expect(effects).toEqual([]);
    });

    it('offers "Try again" first where signing in again can help, and it signs in again', async () => {
      const { user, effects } = renderApp({ url: '/#error' });
      const dialog = await eventually(() => screen.getByRole('alertdialog'));
      const retry = within(dialog).getByRole('button', { name: 'Try again' });
      await settle();
      expect(retry).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
      await user.click(retry);
      await settle();
      expect(effects.map((e) => e.name)).toEqual(['leaveForSourceSignIn']);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });
});
