/**
 * Plain words for every derived display state of spec §4. Pure data (no React), so the same
 * sentences serve the opt-out screen and the status panel of the destination page, and a test can
 * check that every state has an explanation.
 */

import type { OptOutInfoState, SaveDeadline } from '../../../contract/index.ts';

/** How the explanation is framed: still open, closure pending, or final. */
export type OptOutTone = 'info' | 'warning' | 'final';

export type OptOutExplanation = {
  title: string;
  tone: OptOutTone;
  /** The one sentence the destination page's panel shows. */
  summary: string;
  paragraphs: readonly string[];
};

/** Days remaining as a phrase: "less than a day", "1 day", "12 days". */
export const daysPhrase = (days: number): string => (days <= 0 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`);

export type OptOutFacts = {
  providerName: string;
  /** The one deadline (selectDeadline): the days left to save the data and what ends them, when known. */
  deadline?: SaveDeadline | null;
};

/** The last word of every state where the mailbox is gone. */
const NOTHING_LEFT = 'We cannot get back email and contacts once they are deleted, so there is nothing left to save.';

export function explainOptOut(state: OptOutInfoState, facts: OptOutFacts): OptOutExplanation {
  const { providerName, deadline } = facts;
  const untilDeactivation = deadline
    ? `Your ${providerName} mailbox stays open for ${daysPhrase(deadline.days)}.`
    : `Your ${providerName} mailbox stays open until the service ends.`;
  // A closure deletes the mailbox at its date, unless the mailbox closes for good before that.
  const untilPurge = !deadline
    ? 'Your mailbox and contacts will be deleted when the service ends.'
    : deadline.event === 'deleted'
      ? `Your mailbox and contacts will be deleted in ${daysPhrase(deadline.days)}.`
      : `Your mailbox closes in ${daysPhrase(deadline.days)}. After that, nothing in it can be saved.`;

  switch (state) {
    case 'neverOptedOut':
      return {
        title: 'Your account is open',
        tone: 'info',
        summary: 'Your account is not scheduled to close.',
        paragraphs: [
          untilDeactivation,
          'You can save your email and contacts to another provider or to a file before then.',
          'If you would rather not keep anything, you can schedule your account to close instead.',
        ],
      };
    case 'optedOutInitial':
      return {
        title: 'Your account is scheduled to close',
        tone: 'warning',
        summary: 'You asked us to close your account instead of moving it.',
        paragraphs: [
          'You asked us to close your account instead of moving it. Nothing has been deleted yet.',
          untilPurge,
          'Changed your mind? Cancel the closure, then save your email and contacts as usual.',
        ],
      };
    case 'optedOutDelete':
      return {
        title: 'Your account is being closed',
        tone: 'warning',
        summary: 'Your account closure is confirmed.',
        paragraphs: [
          'Your account closure is confirmed and your email can no longer be moved while it is scheduled.',
          untilPurge,
          'Until then you can still cancel the closure. After that date nothing can be recovered.',
        ],
      };
    case 'optedOutCancel':
      return {
        title: 'You cancelled the closure',
        tone: 'info',
        summary: 'You cancelled your account closure.',
        paragraphs: [
          'Your account will not be closed early, and your email and contacts are still here.',
          untilDeactivation,
          'You can save your email and contacts, or schedule the closure again.',
        ],
      };
    case 'yahoo':
      return {
        title: 'Your email has moved to Yahoo Mail',
        tone: 'final',
        summary: 'Your mailbox has been moved to Yahoo Mail.',
        paragraphs: [
          `Your ${providerName} mailbox was moved to Yahoo Mail, so there is nothing left to export here.`,
          `Sign in to Yahoo Mail with your ${providerName} email address to read your messages and contacts.`,
        ],
      };
    case 'purgedOptedOutDelete':
      return {
        title: 'Your account has been closed',
        tone: 'final',
        summary: 'Your account was closed as you asked.',
        paragraphs: ['As you asked, your account was closed and your mailbox and contacts were deleted.', NOTHING_LEFT],
      };
    case 'purgedTosTimeoutDelete':
      return {
        title: 'Your mailbox has been deleted',
        tone: 'final',
        summary: 'Your mailbox was deleted after the deadline passed.',
        paragraphs: ['The new terms of service were not accepted in time, so your mailbox and contacts were deleted.', NOTHING_LEFT],
      };
    case 'purgedInactive':
      return {
        title: 'Your mailbox is gone',
        tone: 'final',
        summary: 'Your mailbox has been closed.',
        paragraphs: [
          'Your mailbox was closed because the account ended or was not used for a long time. Everything in it was deleted.',
          NOTHING_LEFT,
        ],
      };
  }
}
