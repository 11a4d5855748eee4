/**
 * The opt-out view and the destination page's opt-out panel: every display state of §4 explained,
 * the actions the machine allows, the confirmations before scheduling a closure (what it means and
 * the date) and before cancelling one (which cannot be undone), the one deadline both pages give,
 * and the §8 opt-out error.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MigrationStatusResponse } from '../../../contract/index.ts';
import { OPT_OUT_INFO_STATES } from '../../../contract/index.ts';
import { daysPhrase, explainOptOut } from '../../../src/views/opt-out-info/opt-out-explanations';
import { screenHeading } from '../../../src/views/screen-headings';
import { arrives, createFakeApi, eventually, settle as flush, renderSignedIn } from '../render-app';
import { statusAnswer } from '../../support/portal-fakes.ts';

const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The screen's lead, where the prerendered skeleton paints the same words: the paragraph under the heading. */
const shownLead = () => screen.getByRole('main').querySelector('header p')?.textContent;

async function withStatus(response: MigrationStatusResponse) {
  const api = createFakeApi();
  api.fetchMigrationStatus.mockResolvedValue(statusAnswer(response));
  return renderSignedIn({ api });
}

describe('opt-out explanations', () => {
  it('explain every display state with its own title', () => {
    const titles = OPT_OUT_INFO_STATES.map((state) => explainOptOut(state, { providerName: 'Northwave' }).title);
    expect(new Set(titles).size).toBe(OPT_OUT_INFO_STATES.length);
  });

  it('put the days left into the words', () => {
    const text = explainOptOut('optedOutInitial', { providerName: 'Northwave', deadline: { days: 9, event: 'deleted' } }).paragraphs.join(
      ' ',
    );
    expect(text).toContain('deleted in 9 days');
    expect(daysPhrase(1)).toBe('1 day');
    expect(daysPhrase(0)).toBe('less than a day');
  });
});

describe('opt-out view', () => {
  it('explains a confirmed closure with the days left and asks before cancelling it', async () => {
    const { user, api } = await withStatus({
      account: true,
      mailbox: true,
      login: true,
      optOutState: 'OPTED_OUT_DELETE',
      optedOutToBePurgedDate: inDays(5),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Your account is being closed' })).toBeInTheDocument();
    expect(shownLead()).toBe(screenHeading('en', 'optOutInfo').lead);
    expect(screen.getByText('Deleted in')).toBeInTheDocument();
    expect(screen.getByText('5 days')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule closure' })).not.toBeInTheDocument();

    const cancel = screen.getByRole('button', { name: 'Cancel closure' });
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your account closure?' });
    expect(dialog).toHaveTextContent('Cancelling cannot be undone');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.updateOptOutState).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel closure' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the closure' }));
    await flush();
    expect(api.updateOptOutState).toHaveBeenCalledWith(expect.objectContaining({ optOutState: 'OPT_OUT_CANCEL' }));
    // After a cancel the wizard goes on to the destination choice.
    expect(await arrives('Save your email data')).toBeInTheDocument();
  });

  it('shows the opt-out error when the update fails', async () => {
    const api = createFakeApi();
    api.fetchMigrationStatus.mockResolvedValue(statusAnswer({ account: true, login: true, optOutState: 'OPTED_OUT_DELETE' }));
    api.updateOptOutState.mockRejectedValue({ kind: 'network' });
    const { user } = await renderSignedIn({ api });
    await user.click(screen.getByRole('button', { name: 'Cancel closure' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the closure' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('An error has happened while updating your opt-out state. Please, try again.');
  });

  it('offers to schedule the closure of an open account and says when it is scheduled', async () => {
    const { user, actor, api } = await withStatus({ account: true, login: true, optOutState: 'NONE', deactivationDate: inDays(30) });
    actor.send({ type: 'ROUTE.VISITED', path: '/opt-out-info', query: {}, hash: '' });
    await flush();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account is open' })).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save my email and contacts' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Schedule closure' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await flush();
    expect(api.updateOptOutState).toHaveBeenCalledWith(expect.objectContaining({ optOutState: 'OPT_OUT' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your account is scheduled to close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel closure' })).toBeInTheDocument();
  });

  it('asks before scheduling the closure, saying what it means and the date, and sends nothing until yes', async () => {
    const { user, actor, api } = await withStatus({ account: true, login: true, optOutState: 'NONE', deactivationDate: inDays(60) });
    actor.send({ type: 'ROUTE.VISITED', path: '/opt-out-info', query: {}, hash: '' });
    await flush();
    const schedule = screen.getByRole('button', { name: 'Schedule closure' });
    await user.click(schedule);
    const dialog = screen.getByRole('alertdialog', { name: 'Close your account?' });
    const deletedOn = new Date(Date.now() + 30 * DAY);
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][deletedOn.getMonth()];
    expect(dialog).toHaveTextContent(`deleted in 30 days, on ${month} ${deletedOn.getDate()}, ${deletedOn.getFullYear()}`);
    expect(dialog).toHaveTextContent('cannot be brought back');
    // Focus stays in the dialog, by Tab and by Shift+Tab.
    for (const key of ['{Tab}', '{Tab}', '{Tab}', '{Shift>}{Tab}{/Shift}']) {
      await user.keyboard(key);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(schedule).toHaveFocus();
    expect(api.updateOptOutState).not.toHaveBeenCalled();

    await user.click(schedule);
    await user.click(within(screen.getByRole('alertdialog')).getAllByRole('button', { name: 'Keep my account open' })[1] as HTMLElement);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.updateOptOutState).not.toHaveBeenCalled();

    await user.click(schedule);
    await user.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await flush();
    expect(api.updateOptOutState).toHaveBeenCalledTimes(1);
    expect(api.updateOptOutState).toHaveBeenCalledWith(expect.objectContaining({ optOutState: 'OPT_OUT' }));
    // What the dialog said is what the view now says: deleted in 30 days (before the mailbox would close in 60).
    expect(screen.getByRole('term').parentElement).toHaveTextContent('Deleted in30 days');
    expect(screen.queryByText(/60 days/)).not.toBeInTheDocument();
  });

  it('says the state, the days left and the confirmation in Spanish, the date in Spanish words and in bold', async () => {
    const { user, actor } = await withStatus({ account: true, login: true, optOutState: 'NONE', deactivationDate: inDays(60) });
    actor.send({ type: 'ROUTE.VISITED', path: '/opt-out-info', query: {}, hash: '' });
    await flush();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await eventually(() => screen.getByRole('heading', { level: 2, name: 'Su cuenta está abierta' }))).toBeInTheDocument();
    expect(screen.getByText('Buzón abierto por')).toBeInTheDocument();
    expect(screen.getByText('60 días')).toBeInTheDocument();
    expect(screen.getByText(/Su buzón de Northwave sigue abierto por 60 días\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Programar el cierre' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Cerrar su cuenta?' });
    const deletedOn = new Date(Date.now() + 30 * DAY);
    const mes = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'][deletedOn.getMonth()];
    const date = `${deletedOn.getDate()} ${mes} ${deletedOn.getFullYear()}`;
    expect(dialog).toHaveTextContent(`se borrarán en 30 días, el ${date}. Después no se podrán recuperar.`);
    expect(within(dialog).getByText(date).tagName).toBe('STRONG');
    expect(within(dialog).getAllByRole('button', { name: 'Dejar mi cuenta abierta' }).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Sí, cerrar mi cuenta' })).toBeInTheDocument();
  });

  it.each([
    [{ migrationStatus: 'PURGED', purgeReason: 'OPTED_OUT_DELETE' }, 'Your account has been closed'],
    [{ migrationStatus: 'PURGED', purgeReason: 'TOS_TIMEOUT_DELETE' }, 'Your mailbox has been deleted'],
    [{ migrationStatus: 'PURGED', purgeReason: 'BAU_DELETE' }, 'Your mailbox is gone'],
  ])('explains a purged mailbox (%o) and offers no action', async (response, title) => {
    await withStatus({ account: true, login: true, optOutState: 'OPTED_OUT_MBOX_PURGED', ...response });
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // The lead is the same for every customer: the prerendered page painted it before the data came.
    expect(shownLead()).toBe(screenHeading('en', 'optOutInfo').lead);
    expect(screen.getByText(/cannot get back email and contacts once they are deleted/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryAllByRole('button')).toHaveLength(0);
  });

  it('explains a mailbox moved to Yahoo Mail', async () => {
    await withStatus({ account: true, login: true, optOutState: 'NONE', migrationStatus: 'YAHOO' });
    expect(screen.getByRole('heading', { level: 2, name: 'Your email has moved to Yahoo Mail' })).toBeInTheDocument();
    expect(screen.getByText(/nothing left to export here/)).toBeInTheDocument();
  });
});

describe('opt-out panel on the destination page', () => {
  it('shows a scheduled closure with a way to review or cancel it', async () => {
    const { user } = await withStatus({
      account: true,
      login: true,
      optOutState: 'OPTED_OUT_INITIAL',
      optedOutToBePurgedDate: inDays(3),
    });
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account is scheduled to close' })).toBeInTheDocument();
    expect(screen.getByText(/deleted in 3 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review account closure' })).toHaveAttribute('href', '/opt-out-info');
    await user.click(screen.getByRole('button', { name: 'Cancel closure' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel your account closure?' })).toBeInTheDocument();
  });

  it('is absent for an account that never opted out', async () => {
    await withStatus({ account: true, login: true, optOutState: 'NONE' });
    expect(screen.queryByRole('button', { name: 'Cancel closure' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review account closure' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close your account instead' })).toHaveAttribute('href', '/opt-out-info');
  });

  it('offers no review of a cancelled closure, which cannot come back', async () => {
    await withStatus({ account: true, login: true, optOutState: 'OPTED_OUT_CANCEL' });
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review account closure' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Close your account instead' })).not.toBeInTheDocument();
  });
});

describe('one deadline on both pages', () => {
  const badge = () => screen.getByText(/^You have .* to save your data$/);
  const openOptOutView = async (actor: Awaited<ReturnType<typeof withStatus>>['actor']) => {
    actor.send({ type: 'ROUTE.VISITED', path: '/opt-out-info', query: {}, hash: '' });
    await flush();
  };

  it('gives the deletion day of a scheduled closure that comes before the mailbox closes', async () => {
    const { actor } = await withStatus({
      account: true,
      login: true,
      optOutState: 'OPTED_OUT_INITIAL',
      deactivationDate: inDays(30),
      optedOutToBePurgedDate: inDays(21),
    });
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('You have 21 days to save your data');
    expect(screen.getByText(/deleted in 21 days/)).toBeInTheDocument();
    expect(screen.queryByText(/30 days/)).not.toBeInTheDocument();

    await openOptOutView(actor);
    const facts = screen.getByRole('term').parentElement as HTMLElement;
    expect(facts).toHaveTextContent('Deleted in21 days');
    expect(screen.getByRole('status')).toHaveTextContent('deleted in 21 days');
    expect(screen.getAllByRole('term')).toHaveLength(1);
    expect(screen.queryByText(/30 days/)).not.toBeInTheDocument();
  });

  it('gives the day the mailbox closes when that comes before the deletion', async () => {
    const { actor } = await withStatus({
      account: true,
      login: true,
      optOutState: 'OPTED_OUT_INITIAL',
      deactivationDate: inDays(7),
      optedOutToBePurgedDate: inDays(21),
    });
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('You have 7 days to save your data');
    expect(screen.getByText(/closes in 7 days/)).toBeInTheDocument();

    await openOptOutView(actor);
    expect(screen.getByRole('term').parentElement).toHaveTextContent('Mailbox open for7 days');
    expect(screen.queryByText(/21 days/)).not.toBeInTheDocument();
  });

  it('gives the day the mailbox closes to an account with no closure', async () => {
    const { actor } = await withStatus({ account: true, login: true, optOutState: 'NONE', deactivationDate: inDays(60) });
    expect(await arrives('Save your email data')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('You have 60 days to save your data');
    await openOptOutView(actor);
    expect(screen.getByRole('term').parentElement).toHaveTextContent('Mailbox open for60 days');
    expect(screen.getByRole('status')).toHaveTextContent('stays open for 60 days');
  });
});
