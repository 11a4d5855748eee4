/**
 * §5 rules of the options page: at least one operation, a format per selected type for a file
 * export, just-contacts closed for Gmail or when contacts are not allowed; §8 option-page errors.
 * Also the Google terms page in between (Back and Next).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrives, createFakeApi, settle as flush, renderSignedIn, type MockApi } from '../render-app';
import { statusAnswer } from '../../support/portal-fakes.ts';

const ONE_OPERATION = 'One operations option has to be selected.';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const next = () => screen.getByRole('button', { name: 'Next' });
const back = () => screen.getByRole('button', { name: 'Back' });
const option = (label: RegExp) => screen.getByLabelText(label);

async function toOptions(destination: RegExp, api: MockApi = createFakeApi()) {
  const rendered = await renderSignedIn({ api });
  await rendered.user.click(option(destination));
  await rendered.user.click(next());
  await flush();
  return rendered;
}

describe('Google terms', () => {
  it('comes before the options for Gmail; Back returns to the destination, Next accepts and goes on', async () => {
    const { user } = await toOptions(/Gmail/);
    expect(await arrives('Privacy statement')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How we use your Gmail account' })).toHaveAttribute('tabindex', '0');
    await user.click(back());
    expect(await arrives('Save your email data')).toBeInTheDocument();
    await user.click(next());
    await flush();
    await user.click(next());
    expect(await arrives('Choose what to save')).toBeInTheDocument();
  });

  it('says the whole statement in Spanish, names and product words as they are', async () => {
    const { user } = await toOptions(/Gmail/);
    expect(await arrives('Privacy statement')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await arrives('Aviso de privacidad')).toBeInTheDocument();
    const statement = screen.getByRole('region', { name: 'Cómo usamos su cuenta de Gmail' });
    expect(
      within(statement).getByRole('heading', { level: 2, name: 'Por qué le pedimos acceso a su cuenta de Gmail' }),
    ).toBeInTheDocument();
    expect(statement).toHaveTextContent('Para copiar su correo y sus contactos de Northwave a Gmail');
    expect(statement).toHaveTextContent('Correo: ponemos en Gmail los mensajes y las carpetas de su buzón de Northwave.');
    expect(statement).not.toHaveTextContent(/Why we ask|transfer partner|Questions/);
  });
});

describe('options page', () => {
  it('asks for one operation and keeps Next disabled until one is chosen', async () => {
    const { user } = await toOptions(/Outlook/);
    expect(screen.getByText(ONE_OPERATION)).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(option(/^Email\s*All your messages/));
    expect(screen.queryByText(ONE_OPERATION)).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('needs a file format for each selected type of a file export', async () => {
    const { user } = await toOptions(/Download/);
    expect(screen.queryByText('Email file format')).not.toBeInTheDocument();
    await user.click(option(/^Email and contacts/));
    expect(screen.getByText('Email file format')).toBeInTheDocument();
    expect(screen.getByText('Contacts file format')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(option(/^MBOX/));
    expect(next()).toBeDisabled();
    await user.click(option(/^VCF/));
    expect(next()).toBeEnabled();
    // Email alone needs only the email format, which is already chosen.
    await user.click(option(/^Email\s*All your messages/));
    expect(screen.queryByText('Contacts file format')).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('offers PST for Outlook beside the other formats, for email and for contacts, and takes it', async () => {
    const { user } = await toOptions(/Download/);
    await user.click(option(/^Email and contacts/));
    for (const group of ['Email file format', 'Contacts file format']) {
      const fieldset = screen.getByRole('group', { name: group });
      expect(within(fieldset).getAllByRole('radio')).toHaveLength(3);
      const pst = within(fieldset).getByRole('radio', { name: /^PST\s*For Microsoft Outlook/ });
      expect(pst).toBeEnabled();
      await user.click(pst);
      expect(pst).toBeChecked();
    }
    expect(next()).toBeEnabled();
  });

  it('closes just-contacts for Gmail, saying why, and keeps email and contacts open', async () => {
    const { user } = await toOptions(/Gmail/);
    await user.click(next());
    const contacts = option(/^Contacts\s*Your address book/);
    expect(contacts).toBeDisabled();
    expect(contacts).toHaveAccessibleDescription('Gmail needs your email too: contacts can only move together with email.');
    expect(option(/^Email and contacts/)).toBeEnabled();
  });

  it('closes both contacts choices when the destination does not allow contacts', async () => {
    const api = createFakeApi();
    api.fetchCapabilities.mockResolvedValue({ allowed_operations: ['emailmigration'], auth: 'oauth', provider: 'outlook' });
    await toOptions(/Outlook/, api);
    expect(option(/^Contacts\s*Your address book/)).toBeDisabled();
    expect(option(/^Email and contacts/)).toBeDisabled();
    expect(option(/^Email and contacts/)).toHaveAccessibleDescription('Contacts cannot be moved from this account.');
    expect(option(/^Email\s*All your messages/)).toBeEnabled();
  });

  it('closes contacts when the account has no contacts service (never-allow)', async () => {
    const api = createFakeApi();
    api.fetchMigrationStatus.mockResolvedValue(
      statusAnswer({ account: true, mailbox: true, login: true, carddav: false, optOutState: 'NONE' }),
    );
    await toOptions(/Outlook/, api);
    expect(option(/^Email and contacts/)).toBeDisabled();
  });

  it('offers Yahoo Mail email only, saying why, with the app-password way through Other beside a failed consent', async () => {
    const { user, actor } = await toOptions(/Yahoo/);
    expect(option(/^Contacts\s*Your address book/)).toBeDisabled();
    expect(option(/^Email and contacts/)).toBeDisabled();
    expect(option(/^Email and contacts/)).toHaveAccessibleDescription(
      'Yahoo Mail does not let other apps add contacts: only your email can move there.',
    );
    const help = /make an app password in your Yahoo account’s safety settings\. Then come back, choose Other/;
    expect(screen.getByText(help)).toBeInTheDocument();
    await user.click(option(/^Email\s*All your messages/));
    await user.click(next());
    actor.send({ type: 'ROUTE.VISITED', path: '/oauth-callback', query: { error: 'PROVIDER_NOT_SUPPORTED' }, hash: '' });
    await flush();
    // The spec's message unchanged, and the way around it beside.
    expect(screen.getByRole('alert')).toHaveTextContent('This provider is not supported.');
    expect(screen.getByText(help)).toBeInTheDocument();
  });

  it('offers AOL Mail email only too, with its own app-password help', async () => {
    await toOptions(/AOL/);
    expect(option(/^Email and contacts/)).toHaveAccessibleDescription(
      'AOL Mail does not let other apps add contacts: only your email can move there.',
    );
    expect(screen.getByText(/make an app password in your AOL account’s safety settings/)).toBeInTheDocument();
  });

  it('shows the option-page error a failed consent brings back', async () => {
    const { user, actor } = await toOptions(/Outlook/);
    await user.click(option(/^Email\s*All your messages/));
    await user.click(next());
    // The provider's consent page sends the browser back with an error; the router reports it.
    actor.send({ type: 'ROUTE.VISITED', path: '/oauth-callback', query: { error: 'PROVIDER_NOT_SUPPORTED' }, hash: '' });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('This provider is not supported.');
    expect(screen.queryByText(/app password/)).toBeNull();
    actor.send({ type: 'ROUTE.VISITED', path: '/oauth-callback', query: { error: 'SOMETHING_ELSE' }, hash: '' });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error during the authentication process, please try again.');
  });
});
