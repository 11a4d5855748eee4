/**
 * §5 rules of the start page: the notification email checked 400 ms after typing through the
 * domain-validation call, the empty-field message after 800 ms, Start Export disabled while the
 * address is not accepted, and a double click starting one export.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadResponse } from '../../../contract/index.ts';
import { arrives, createFakeApi, eventually, settle as flush, renderSignedIn, SOURCE_EMAIL, type MockApi } from '../render-app';

const INVALID_NOTIFICATION = 'Please, enter a valid notification email address.';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const start = () => screen.getByRole('button', { name: 'Start Export' });
const field = () => screen.getByLabelText('Notification email');

/** Download, email as EML: the shortest way to the start page. */
async function toStart(api: MockApi = createFakeApi()) {
  const rendered = await renderSignedIn({ api });
  const { user } = rendered;
  await user.click(screen.getByLabelText(/Download/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await arrives('Choose what to save');
  await user.click(screen.getByLabelText(/^Email\s*All your messages/));
  await user.click(screen.getByLabelText(/^EML/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await eventually(field);
  return rendered;
}

describe('start page', () => {
  it('summarises source, destination formats and what is saved, with the source as notification address', async () => {
    await toStart();
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(screen.getAllByText(SOURCE_EMAIL).length).toBeGreaterThan(0);
    expect(screen.getByText('A file to download')).toBeInTheDocument();
    expect(screen.getByText('Email as EML')).toBeInTheDocument();
    expect(field()).toHaveValue(SOURCE_EMAIL);
    expect(start()).toBeEnabled();
  });

  it('checks the domain 400 ms after typing stops and disables Start Export when it is rejected', async () => {
    const api = createFakeApi();
    api.validateDomain.mockResolvedValue({ ok: false });
    const { user } = await toStart(api);
    await user.clear(field());
    await user.type(field(), 'pat@nowhere.example');
    expect(start()).toBeDisabled();
    await flush(399);
    expect(api.validateDomain).not.toHaveBeenCalled();
    await flush(1);
    expect(api.validateDomain).toHaveBeenCalledWith({ domain: 'nowhere.example' });
    expect(screen.getByText(INVALID_NOTIFICATION)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(INVALID_NOTIFICATION));
    expect(start()).toBeDisabled();
  });

  it('accepts an address whose domain the service confirms', async () => {
    const { user, api } = await toStart();
    await user.clear(field());
    await user.type(field(), 'pat@mail.example');
    await flush(400);
    expect(api.validateDomain).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(INVALID_NOTIFICATION)).not.toBeInTheDocument();
    expect(start()).toBeEnabled();
  });

  it('rejects a malformed address after 400 ms without calling the service', async () => {
    const { user, api } = await toStart();
    await user.clear(field());
    await user.type(field(), 'pat@');
    await flush(400);
    expect(api.validateDomain).not.toHaveBeenCalled();
    expect(screen.getByText(INVALID_NOTIFICATION)).toBeInTheDocument();
  });

  it('shows the message for an empty field after 800 ms, not before', async () => {
    const { user } = await toStart();
    await user.clear(field());
    expect(start()).toBeDisabled();
    await flush(799);
    expect(screen.queryByText(INVALID_NOTIFICATION)).not.toBeInTheDocument();
    await flush(1);
    expect(screen.getByText(INVALID_NOTIFICATION)).toBeInTheDocument();
    expect(start()).toBeDisabled();
    // Typing clears it at once.
    await user.type(field(), 'p');
    expect(screen.queryByText(INVALID_NOTIFICATION)).not.toBeInTheDocument();
  });

  it('starts one export on a double click and shows progress meanwhile', async () => {
    const api = createFakeApi();
    let finish: (value: LoadResponse) => void = () => {};
    api.startExport.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = await toStart(api);
    await user.dblClick(start());
    expect(api.startExport).toHaveBeenCalledTimes(1);
    expect(start()).toHaveAttribute('aria-busy', 'true');
    expect(start()).toBeDisabled();
    expect(api.startExport.mock.calls[0]?.[0]).toMatchObject({
      operations: ['emailmigration'],
      destination_account: { provider: 'file' },
      parameters: { notificationEmail: SOURCE_EMAIL },
      file_export_parameters: { emailFormat: 'EML' },
    });
    finish({ jobid: 'B'.repeat(32) });
    await flush();
    expect(await arrives(/pulling together your data/)).toBeInTheDocument();
  });

  it("says 'Unknown error, please try again.' when the export cannot start", async () => {
    const api = createFakeApi();
    api.startExport.mockRejectedValue({ kind: 'status', status: 500 });
    const { user } = await toStart(api);
    await user.click(start());
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error, please try again.');
    expect(start()).toBeEnabled();
  });

  it('goes back to the options', async () => {
    const { user } = await toStart();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await arrives('Choose what to save')).toBeInTheDocument();
  });
});
