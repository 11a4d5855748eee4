/**
 * Each event of the model performed as a user would: a click, typing, a key, an address change;
 * the fake API answering (done/error events) or time passing (after-events). `feasible` says
 * whether the screen offers the action at all in this snapshot: the machine accepts some events a
 * view never sends there (closing a modal that is not open), and those steps are not walked here.
 */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  DELAYS,
  selectErrorModal,
  selectIsBusy,
  selectMailChoice,
  selectOperations,
  selectOptOut,
  selectOptOutPanelShown,
  type PortalSnapshot,
  selectJobStatus,
} from '../../../machines/index.ts';
import type { ModelEvent } from '../../machines/model/types.ts';
import { eventually, settle, visit } from '../render-app.tsx';
import { mailChoiceWords } from '../../../contract/words/en/mail-choice.ts';
import { sayer } from '../../../contract/words/translate.ts';
import { folderCounts, folderName } from '../../../src/views/migration-options/mail-choice-words.ts';
import type { DateRange } from '../../../contract/index.ts';

export type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export type UiContext = { user: UserEvent; pending: Map<string, Deferred> };

type Any = ModelEvent & Record<string, unknown>;

const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The label's text a screen reader reads (decorative, aria-hidden parts left out). */
const spokenText = (element: Element): string => {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
};
/** The radio card whose label starts with `name` (its description follows it). */
const radio = (name: string, group?: string): HTMLElement => {
  const scope = group ? within(screen.getByRole('group', { name: group })) : screen;
  const found = scope.getAllByRole('radio').find((r) => {
    // The card's first line is its name (the description follows in its own element).
    const label = r.closest('label');
    const first = label
      ? Array.from(label.querySelectorAll('span')).find((span) => span.children.length === 0 && !span.closest('[aria-hidden="true"]'))
      : null;
    return (first?.textContent ?? spokenText(r)).trim() === name;
  });
  if (!found) {
    const seen = scope.queryAllByRole('radio').map((r) => spokenText(r.closest('label') ?? r));
    throw new Error(`no radio named ${name}${group ? ` in ${group}` : ''}; radios: ${seen.join(' | ')}`);
  }
  return found;
};

async function retype(ctx: UiContext, field: HTMLElement, value: string) {
  await ctx.user.clear(field);
  if (value !== '') await ctx.user.type(field, value);
}

const PROVIDER_NAMES: Record<string, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  aol: 'AOL Mail',
  successor_next: 'Northwave Next',
  successor_partner: 'Northwave Mail Plus',
  other: 'Other',
  file: 'Download',
};
const CHOICE_NAMES = { email: 'Email', contacts: 'Contacts', both: 'Email and contacts' } as const;
const SUPPORT_LABELS: Record<string, RegExp> = {
  email_address: /^Your Northwave email address/,
  destination_email: /^Destination email address/,
  migration_id: /^Export ID/,
  issue: /^What happened\?/,
};

const cancelDialogOpen = (snapshot: PortalSnapshot) =>
  (['confirmingCancel', 'cancelling'] as const).some(
    (state) => snapshot.matches({ complete: state }) || snapshot.matches({ status: { shown: state } }),
  );

/** The status page following a running export: between two answers, or asking for the next. */
const following = (snapshot: PortalSnapshot) =>
  snapshot.matches({ status: { shown: 'watching' } }) || snapshot.matches({ status: { shown: 'refreshing' } });

const closureDialogOpen = (snapshot: PortalSnapshot) =>
  snapshot.matches({ optOutInfo: 'confirmingCancel' }) || snapshot.matches({ optOutInfo: 'confirmingSchedule' });

const modalOpen = (snapshot: PortalSnapshot) =>
  snapshot.context.statusLookup.open || selectErrorModal(snapshot) !== null || closureDialogOpen(snapshot) || cancelDialogOpen(snapshot);

const footerLink = (name: string) => within(screen.getByRole('contentinfo')).getByRole('link', { name });

/** Whether the screen of this snapshot offers the action that sends `event`. */
export function feasible(snapshot: PortalSnapshot, event: ModelEvent): boolean {
  const e = event as Any;
  const c = snapshot.context;
  const type = e.type as string;
  if (type.startsWith('xstate.')) return true;
  switch (type) {
    case 'STATUS_LOOKUP.OPENED':
      return !c.statusLookup.open && selectErrorModal(snapshot) === null;
    case 'STATUS_LOOKUP.CLOSED':
    case 'STATUS_LOOKUP.ID_CHANGED':
    case 'STATUS_LOOKUP.SUBMITTED':
    case 'STATUS_LOOKUP.SIGN_IN_REQUESTED':
      return c.statusLookup.open;
    case 'SIGN_IN.REQUESTED':
      return !c.statusLookup.open && selectErrorModal(snapshot) === null;
    case 'ERROR_MODAL.DISMISSED':
    case 'ERROR_MODAL.RETRY_REQUESTED':
    case 'ERROR_MODAL.SUPPORT_REQUESTED':
      return selectErrorModal(snapshot) !== null && !c.statusLookup.open;
    case 'OTHER.FIELD_CHANGED':
      return c.other.active && (e.field !== 'imap' || c.other.customImap);
    case 'OTHER.IMAP_BLURRED':
      return c.other.active && c.other.customImap;
    case 'OTHER.CUSTOM_IMAP_TOGGLED':
      return c.other.active && c.other.customImap !== e.enabled;
    case 'OTHER.OPENED':
      return !c.other.active;
    case 'DESTINATION.SELECTED':
      return c.other.active || c.dstAccount?.provider !== e.provider;
    case 'OPERATIONS.SELECTED':
      return selectOperations(snapshot).choice !== e.choice;
    case 'EXPORT_FORMAT.SELECTED': {
      const options = selectOperations(snapshot);
      if (!options.isFileExport) return false;
      const wants =
        e.kind === 'email'
          ? options.choice === 'email' || options.choice === 'both'
          : options.choice === 'contacts' || options.choice === 'both';
      const current = e.kind === 'email' ? options.emailFormat : options.contactsFormat;
      return wants && current !== e.format;
    }
    // "Choose what to move" shows only while email is chosen; its fields only while it is open.
    case 'MAIL_CHOICE.TOGGLED':
    case 'MAIL_FOLDER.TOGGLED':
    case 'SOURCE_FOLDERS.RETRY_REQUESTED':
      return selectMailChoice(snapshot).offered;
    case 'MAIL_RANGE.SELECTED':
      return selectMailChoice(snapshot).offered && c.mailChoice.range !== e.range;
    case 'MAIL_FROM_DATE.CHANGED':
      return selectMailChoice(snapshot).offered && c.mailChoice.range === 'from-date' && c.mailChoice.fromDate !== e.value;
    case 'START_OVER.REQUESTED':
      return !closureDialogOpen(snapshot);
    // The header's language switch, on every screen unless a dialog or the busy overlay covers it.
    case 'LANGUAGE.CHOSEN':
      return !modalOpen(snapshot) && !selectIsBusy(snapshot) && c.language !== e.language;
    // The footer's links, there on every screen unless a dialog or the busy overlay covers the page.
    case 'SUPPORT.OPENED':
    case 'POLICY.OPENED':
      return !modalOpen(snapshot) && !selectIsBusy(snapshot);
    // "Back to home" on the pages after the wizard, once they show something.
    case 'HOME.REQUESTED':
      return (
        !cancelDialogOpen(snapshot) &&
        (snapshot.matches('complete') || snapshot.matches('statusFromEmail') || (snapshot.matches('status') && !selectIsBusy(snapshot)))
      );
    // A listed export's link: only the IDs the list shows.
    case 'STATUS.OPENED':
      return (
        (snapshot.matches({ statusFromEmail: 'shown' }) && c.jobs.some((job) => job.id === e.exportId)) ||
        // "Follow your export" on the complete page is about the export just started.
        (snapshot.matches({ complete: 'shown' }) && c.exportId === e.exportId)
      );
    // Stopping an export: the complete page's button, the owner's button on a running export (there
    // while the page asks again too).
    case 'EXPORT.CANCEL_REQUESTED':
      return snapshot.matches({ complete: 'shown' }) || (following(snapshot) && selectJobStatus(snapshot).canCancel);
    case 'EXPORT.COPY_NEW_MAIL_REQUESTED':
      return selectJobStatus(snapshot).copyNewMail.canCopy;
    // The forwarding checkbox when the options page shows it, set to the other value.
    case 'FORWARDING.TOGGLED':
      return selectOperations(snapshot).forwardingShown && c.forwarding.chosen !== e.chosen;
    case 'FORWARDING.STOP_REQUESTED':
      return selectJobStatus(snapshot).copyNewMail.forwarding?.canStop === true;
    case 'FORWARDING.STOP_CONFIRMED':
    case 'FORWARDING.STOP_DISMISSED':
      return snapshot.matches({ status: { shown: 'confirmingStopForwarding' } });
    case 'EXPORT.CANCEL_CONFIRMED':
    case 'EXPORT.CANCEL_DISMISSED':
      return snapshot.matches({ complete: 'confirmingCancel' }) || snapshot.matches({ status: { shown: 'confirmingCancel' } });
    // The owner's Pause or Resume button, whichever the answer offers, when it is not busy.
    case 'EXPORT.PAUSE_REQUESTED':
    case 'EXPORT.RESUME_REQUESTED': {
      const { hold } = selectJobStatus(snapshot);
      return following(snapshot) && hold?.event === type && !hold.busy;
    }
    case 'OPT_OUT.REVIEW_REQUESTED':
      return (
        snapshot.matches('destinationAccount') &&
        (selectOptOut(snapshot).closureOffered || (selectOptOutPanelShown(snapshot) && selectOptOut(snapshot).reviewable))
      );
    default:
      return true;
  }
}

/** Performs one event through the UI (or the fake API, or the clock). */
export async function perform(ctx: UiContext, snapshot: PortalSnapshot, event: ModelEvent): Promise<void> {
  const e = event as Any;
  const type = e.type as string;
  const { user } = ctx;

  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done) {
    const [, kind, id = ''] = done;
    const deferred = ctx.pending.get(id);
    if (!deferred) throw new Error(`no pending call of ${id}`);
    ctx.pending.delete(id);
    if (kind === 'done') deferred.resolve(e.output);
    else deferred.reject(e.error);
    await settle();
    return;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) {
    await settle(DELAYS[after[1] as keyof typeof DELAYS]);
    return;
  }

  switch (type) {
    case 'ROUTE.VISITED': {
      const query = new URLSearchParams(e.query as Record<string, string>).toString();
      await visit(`${e.path as string}${query ? `?${query}` : ''}${(e.hash as string) ?? ''}`);
      return;
    }
    case 'SIGN_IN.REQUESTED':
      await user.click(button('Sign in'));
      break;
    case 'STATUS_LOOKUP.OPENED':
      await user.click(button('Check your export status'));
      break;
    case 'STATUS_LOOKUP.CLOSED':
      await user.keyboard('{Escape}');
      break;
    case 'STATUS_LOOKUP.ID_CHANGED':
      await retype(ctx, screen.getByLabelText(/^Export ID/), e.value as string);
      break;
    case 'STATUS_LOOKUP.SUBMITTED':
      await user.click(button('Check status'));
      break;
    case 'STATUS_LOOKUP.SIGN_IN_REQUESTED':
      await user.click(button('Check by signing in'));
      break;
    case 'ERROR_MODAL.DISMISSED':
      await user.click(button('OK'));
      break;
    case 'ERROR_MODAL.RETRY_REQUESTED':
      await user.click(button('Try again'));
      break;
    case 'ERROR_MODAL.SUPPORT_REQUESTED':
      await user.click(button('Contact support'));
      break;
    case 'DESTINATION.SELECTED':
      await user.click(radio(PROVIDER_NAMES[e.provider as string] ?? String(e.provider)));
      break;
    case 'OTHER.OPENED':
      await user.click(radio('Other'));
      break;
    case 'OTHER.FIELD_CHANGED': {
      const label = { email: /^Email address/, password: /^Password/, imap: /^IMAP server/ }[e.field as 'email' | 'password' | 'imap'];
      await retype(ctx, screen.getByLabelText(label), e.value as string);
      break;
    }
    case 'OTHER.CUSTOM_IMAP_TOGGLED':
      await user.click(screen.getByRole('checkbox', { name: /custom IMAP/ }));
      break;
    case 'OTHER.IMAP_BLURRED':
      await user.click(screen.getByLabelText(/^IMAP server/));
      await user.tab();
      break;
    case 'WIZARD.NEXT_REQUESTED':
      await user.click(button(snapshot.matches('optOutInfo') ? 'Save my email and contacts' : 'Next'));
      break;
    case 'WIZARD.BACK_REQUESTED':
      await user.click(button('Back'));
      break;
    case 'OPERATIONS.SELECTED':
      await user.click(radio(CHOICE_NAMES[e.choice as keyof typeof CHOICE_NAMES], 'What to save'));
      break;
    case 'EXPORT_FORMAT.SELECTED':
      await user.click(radio(e.format as string, e.kind === 'email' ? 'Email file format' : 'Contacts file format'));
      break;
    case 'MAIL_CHOICE.TOGGLED':
      await user.click(button(mailChoiceWords.en.disclosure));
      break;
    case 'MAIL_RANGE.SELECTED': {
      await user.click(
        within(screen.getByRole('group', { name: mailChoiceWords.en.rangeLegend })).getByRole('radio', {
          name: mailChoiceWords.en[e.range as DateRange],
        }),
      );
      break;
    }
    case 'MAIL_FROM_DATE.CHANGED':
      await retype(ctx, screen.getByLabelText(mailChoiceWords.en.fromDateLabel), e.value as string);
      break;
    case 'MAIL_FOLDER.TOGGLED': {
      const folder = selectMailChoice(snapshot).folders.find((candidate) => candidate.path === e.path);
      const t = sayer('en')(mailChoiceWords);
      await user.click(screen.getByRole('checkbox', { name: folder ? `${folderName(t, folder)} (${folderCounts(t, folder)})` : '' }));
      break;
    }
    case 'SOURCE_FOLDERS.RETRY_REQUESTED':
      await user.click(button(mailChoiceWords.en.retry));
      break;
    case 'NOTIFICATION_EMAIL.CHANGED': {
      // Select what is there and type over it, as people do: the first key already replaces the old
      // address, so the machine sees one change to a non-empty value (no detour through empty).
      const field = screen.getByLabelText(/^Notification email/) as HTMLInputElement;
      const value = e.value as string;
      if (value !== '') await user.type(field, value, { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
      else if (field.value !== '') await user.clear(field);
      else await user.type(field, ' '); // a blank is still empty to the rule: the empty-field wait starts again
      break;
    }
    case 'EXPORT.START_REQUESTED':
      await user.click(button('Start Export'));
      break;
    case 'EXPORT_ID.COPY_REQUESTED':
      await user.click(button(/^(Copy Export ID|Copied!)$/));
      break;
    case 'OPT_OUT.REQUESTED':
      await user.click(button('Schedule closure'));
      break;
    case 'OPT_OUT.CONFIRMED':
      await user.click(button('Yes, close my account'));
      break;
    case 'OPT_OUT.DISMISSED':
      await user.keyboard('{Escape}');
      break;
    case 'OPT_OUT.CANCEL_REQUESTED':
      await user.click(button('Cancel closure'));
      break;
    case 'OPT_OUT.CANCEL_CONFIRMED':
      await user.click(button('Yes, cancel the closure'));
      break;
    case 'OPT_OUT.CANCEL_DISMISSED':
      await user.keyboard('{Escape}');
      break;
    case 'SUPPORT.FIELD_CHANGED':
      await retype(ctx, screen.getByLabelText(SUPPORT_LABELS[e.field as string] ?? /^$/), e.value as string);
      break;
    case 'SUPPORT.SUBMITTED':
      await user.click(button('Submit'));
      break;
    case 'START_OVER.REQUESTED':
      await user.click(button('Start over'));
      break;
    case 'LANGUAGE.CHOSEN': {
      // The page turns Spanish with every choice kept; back in English, the walk goes on in the words it looks for.
      await user.click(button('Español'));
      await eventually(() => {
        if (document.documentElement.lang !== 'es' || !screen.queryByRole('button', { name: 'English' }))
          throw new Error('not Spanish yet');
      });
      await user.click(button('English'));
      await eventually(() => {
        if (document.documentElement.lang !== 'en') throw new Error('not English again');
      });
      break;
    }
    case 'STATUS.RETRY_REQUESTED':
      await user.click(button(/^(Try again|Refresh status)$/));
      break;
    case 'STATUS.DOWNLOAD_SIGN_IN_REQUESTED':
      await user.click(button('Sign in to download your file'));
      break;
    case 'SUPPORT.OPENED':
      await user.click(await eventually(() => footerLink('Contact support')));
      break;
    case 'POLICY.OPENED':
      await user.click(await eventually(() => footerLink(e.page === 'privacyPolicy' ? 'Privacy Policy' : 'Terms of Service')));
      break;
    case 'HOME.REQUESTED':
      await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Back to home' }));
      break;
    case 'STATUS.OPENED':
      await user.click(
        snapshot.matches('complete')
          ? screen.getByRole('link', { name: 'Follow your export' })
          : screen.getByRole('link', { name: new RegExp(e.exportId as string) }),
      );
      break;
    case 'EXPORT.CANCEL_REQUESTED':
      await user.click(button(/^(Cancel export|Cancel this export)$/));
      break;
    case 'EXPORT.COPY_NEW_MAIL_REQUESTED':
      await user.click(button('Copy new mail'));
      break;
    case 'EXPORT.CANCEL_CONFIRMED':
      await user.click(button('Yes, stop the export'));
      break;
    case 'EXPORT.CANCEL_DISMISSED':
      await user.keyboard('{Escape}');
      break;
    case 'EXPORT.PAUSE_REQUESTED':
      await user.click(button('Pause export'));
      break;
    case 'FORWARDING.TOGGLED':
      await user.click(screen.getByRole('checkbox', { name: 'Keep copying new mail until my account closes' }));
      break;
    case 'FORWARDING.STOP_REQUESTED':
      await user.click(button('Stop copying new mail'));
      break;
    case 'FORWARDING.STOP_CONFIRMED':
      await user.click(button('Yes, stop copying'));
      break;
    case 'FORWARDING.STOP_DISMISSED':
      await user.keyboard('{Escape}');
      break;
    case 'EXPORT.RESUME_REQUESTED':
      await user.click(button('Resume export'));
      break;
    case 'OPT_OUT.REVIEW_REQUESTED':
      await user.click(screen.getByRole('link', { name: /^(Review account closure|Close your account instead)$/ }));
      break;
    default:
      throw new Error(`no UI action for ${type}`);
  }
  await settle();
}
