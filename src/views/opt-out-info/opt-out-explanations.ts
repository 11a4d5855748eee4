/**
 * Plain words for every derived display state of spec §4, in the customer's language (the opt-out
 * section, contract/words/en/opt-out.ts). Pure (no React), so the same sentences serve the opt-out
 * screen and the status panel of the destination page, and a test can check that every state has an
 * explanation. English unless a view passes its words.
 */
import type { OptOutInfoState, SaveDeadline } from '../../../contract/index.ts';
import type { KeyOf, Values } from '../../../contract/index.ts';
import { optOutWords } from '../../../contract/words/en/opt-out.ts';
import { sayer } from '../../../contract/words/translate.ts';

/** How the explanation is framed: still open, closure pending, or final. */
export type OptOutTone = 'info' | 'warning' | 'final';

export type OptOutExplanation = {
  title: string;
  tone: OptOutTone;
  /** The one sentence the destination page's panel shows. */
  summary: string;
  paragraphs: readonly string[];
};

export type OptOutSay = (key: KeyOf<typeof optOutWords>, values?: Values) => string;
const english: OptOutSay = sayer('en')(optOutWords);

/** Days remaining as a phrase: "less than a day", "1 day", "12 days". */
export const daysPhrase = (days: number, t: OptOutSay = english): string => t('days', { days: Math.max(0, days) });

export type OptOutFacts = {
  providerName: string;
  /** The one deadline (selectDeadline): the days left to save the data and what ends them, when known. */
  deadline?: SaveDeadline | null;
};

/** Where the mailbox stands until it closes or is deleted; each state's own paragraphs around it. */
type Until = 'untilDeactivation' | 'untilPurge' | 'nothingLeft';
type Paragraph = KeyOf<typeof optOutWords> | Until;
const STATES: Record<OptOutInfoState, { tone: OptOutTone; key: string; paragraphs: readonly Paragraph[] }> = {
  neverOptedOut: { tone: 'info', key: 'neverOptedOut', paragraphs: ['untilDeactivation', 'neverOptedOutSave', 'neverOptedOutClose'] },
  optedOutInitial: { tone: 'warning', key: 'optedOutInitial', paragraphs: ['optedOutInitialAsked', 'untilPurge', 'optedOutInitialChange'] },
  optedOutDelete: {
    tone: 'warning',
    key: 'optedOutDelete',
    paragraphs: ['optedOutDeleteConfirmed', 'untilPurge', 'optedOutDeleteUntil'],
  },
  optedOutCancel: { tone: 'info', key: 'optedOutCancel', paragraphs: ['optedOutCancelStill', 'untilDeactivation', 'optedOutCancelSave'] },
  yahoo: { tone: 'final', key: 'moved', paragraphs: ['movedNothing', 'movedSignIn'] },
  purgedOptedOutDelete: { tone: 'final', key: 'purgedOptedOutDelete', paragraphs: ['purgedOptedOutDeleteDone', 'nothingLeft'] },
  purgedTosTimeoutDelete: { tone: 'final', key: 'purgedTosTimeoutDelete', paragraphs: ['purgedTosTimeoutDeleteDone', 'nothingLeft'] },
  purgedInactive: { tone: 'final', key: 'purgedInactive', paragraphs: ['purgedInactiveDone', 'nothingLeft'] },
};

export function explainOptOut(state: OptOutInfoState, facts: OptOutFacts, t: OptOutSay = english): OptOutExplanation {
  const { providerName: provider, deadline } = facts;
  const days = deadline ? daysPhrase(deadline.days, t) : '';
  const paragraph = (which: Paragraph): string => {
    if (which === 'untilDeactivation') return deadline ? t('openFor', { provider, days }) : t('openUntilEnd', { provider });
    // A closure deletes the mailbox at its date, unless the mailbox closes for good before that.
    if (which === 'untilPurge') return !deadline ? t('deletedAtEnd') : t(deadline.event === 'deleted' ? 'deletedIn' : 'closesIn', { days });
    return t(which, { provider });
  };
  const { tone, key, paragraphs } = STATES[state];
  return {
    title: t(`${key}Title` as KeyOf<typeof optOutWords>),
    tone,
    summary: t(`${key}Summary` as KeyOf<typeof optOutWords>),
    paragraphs: paragraphs.map(paragraph),
  };
}
