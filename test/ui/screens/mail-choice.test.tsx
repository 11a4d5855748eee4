/**
 * "Choose what to move" on the options page, in the whole app: closed by default (nothing asked,
 * nothing more on the page), opened by keyboard, the range as a group of radio buttons, the folders
 * as checkboxes whose names carry their counts, the error announced when the folders cannot be
 * listed, and the choice in the load.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailChoiceWords } from '../../../contract/words/en/mail-choice.ts';
import { arrives, createFakeApi, eventually, settle as flush, renderSignedIn, type MockApi } from '../render-app';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const next = () => screen.getByRole('button', { name: 'Next' });
const disclosureEs = () => screen.getByRole('button', { name: 'Elegir qué mover' });
const disclosure = () => screen.getByRole('button', { name: mailChoiceWords.en.disclosure });

/** The options page of a file export, email chosen in MBOX. */
async function toOptions(api: MockApi = createFakeApi()) {
  const rendered = await renderSignedIn({ api });
  await rendered.user.click(screen.getByLabelText(/Download/));
  await rendered.user.click(next());
  await flush();
  expect(await arrives('Choose what to save')).toBeInTheDocument();
  await rendered.user.click(screen.getByLabelText(/^Email\s*All your messages/));
  await rendered.user.click(screen.getByLabelText(/^MBOX/));
  return rendered;
}

describe('choose what to move', () => {
  it('is closed by default and asks for nothing; Next moves everything', async () => {
    const { user, api } = await toOptions();
    expect(disclosure()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: mailChoiceWords.en.rangeLegend })).not.toBeInTheDocument();
    expect(api.fetchSourceFolders).not.toHaveBeenCalled();
    await user.click(next());
    expect(await arrives('Save your email data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Start export/i }));
    await flush();
    expect(api.startExport).toHaveBeenCalledTimes(1);
    expect(api.startExport.mock.calls[0]?.[0]).not.toHaveProperty('mail_choice');
  });

  it('opens by keyboard, offers the ranges and the folders with their counts, and the load carries the choice', async () => {
    const { user, api } = await toOptions();
    disclosure().focus();
    await user.keyboard('{Enter}');
    await flush();
    expect(disclosure()).toHaveAttribute('aria-expanded', 'true');
    const ranges = screen.getByRole('group', { name: mailChoiceWords.en.rangeLegend });
    expect(ranges).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Everything' })).toBeChecked();
    const junk = screen.getByRole('checkbox', { name: 'Junk (42 messages, 600 KB)' });
    expect(junk).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Inbox (1,240 messages, 35 MB)' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'The last 3 months' }));
    await user.click(junk);
    expect(junk).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'From a date' }));
    expect(next()).toBeDisabled();
    expect(screen.getByText(mailChoiceWords.en.fromDateMissing)).toBeInTheDocument();
    await user.type(screen.getByLabelText(mailChoiceWords.en.fromDateLabel), '2025-06-01');
    expect(next()).toBeEnabled();

    await user.click(next());
    expect(await arrives('Save your email data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Start export/i }));
    await flush();
    expect(api.startExport.mock.calls[0]?.[0].mail_choice).toEqual({
      range: 'from-date',
      from_date: '2025-06-01',
      excluded_folders: ['Spam'],
    });
  });

  it('says the choice in short when closed, and the whole choice in Spanish with every choice kept', async () => {
    const { user } = await toOptions();
    await user.click(disclosure());
    await flush();
    await user.click(screen.getByRole('radio', { name: 'The last 3 months' }));
    await user.click(screen.getByRole('checkbox', { name: 'Junk (42 messages, 600 KB)' }));
    await user.click(disclosure());
    expect(screen.getByText('The last 3 months, 1 folder left out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await eventually(() => screen.getByText('Los últimos 3 meses, 1 carpeta se queda fuera'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elegir qué mover' }));
    await flush();
    expect(screen.getByRole('group', { name: 'Qué correo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Los últimos 3 meses' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Correo no deseado (42 mensajes, 600 KB)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Recibidos (1,240 mensajes, 35 MB)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Desde un día' }));
    expect(screen.getByText('Por favor, escriba el primer día que se mueve.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Primer día que se mueve'), '2025-06-01');
    await user.click(disclosureEs());
    expect(screen.getByText('Desde el 1 jun 2025, 1 carpeta se queda fuera')).toBeInTheDocument();
  });

  it('announces that the folders cannot be listed, and every folder then moves', async () => {
    const api = createFakeApi();
    api.fetchSourceFolders.mockRejectedValueOnce(new Error('503'));
    const { user } = await toOptions(api);
    await user.click(disclosure());
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(mailChoiceWords.en.foldersUnavailable);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: mailChoiceWords.en.retry }));
    await flush();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
