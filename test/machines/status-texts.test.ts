/** The words of an operation's counts, failures, time to finish and waits, from the service's figures. */
import { describe, expect, it } from 'vitest';
import { durationPhrase, formatBytes } from '../../contract/index.ts';
import * as phrases from '../../machines/status-texts.ts';
import { english } from '../support/status-words.ts';

// The texts as an English reader sees them: the phrases said in English, as the spec's words are.
const durationText = (seconds: number) => english(durationPhrase(seconds));
const estimateText = english.of(phrases.estimateText);
const failedText = english.of(phrases.failedText);
const progressText = english.of(phrases.progressText);
const waitingText = english.of(phrases.waitingText);

describe('status texts', () => {
  it('says how far an operation got, with sizes when the source gave them', () => {
    expect(progressText('emailmigration', { done: 1238, failed: 2, total: 5000, bytes_done: 35e6, bytes_total: 120e6 })).toBe(
      '1,240 of 5,000 messages (35 MB of 120 MB)',
    );
    expect(progressText('contactsmigration', { done: 1, failed: 0, total: null })).toBe('1 contact so far');
  });

  it('says how many items could not be moved, and nothing when none failed', () => {
    expect(failedText('emailmigration', { done: 3, failed: 2, total: 5 })).toBe('2 messages could not be moved.');
    expect(failedText('contactsmigration', { done: 5, failed: 0, total: 5 })).toBeNull();
  });

  it('says a duration the way a person reads it at a glance', () => {
    expect(durationText(90)).toBe('A few minutes');
    expect(durationText(22 * 60)).toBe('About 20 minutes');
    expect(durationText(3600)).toBe('About 1 hour');
    expect(durationText(30 * 3600)).toBe('About 30 hours');
    expect(durationText(4 * 86_400 + 7200)).toBe('About 4 days');
  });

  it('names the cap that sets the pace, or says the pace so far', () => {
    expect(
      estimateText({ finish: '2026-03-06T14:00:00Z', seconds: 4 * 86_400, cap: { provider: 'gmail', per: 'day', bytes: 500e6 } }),
    ).toBe('About 4 days — Gmail accepts about 500 MB a day from other apps. You can close this page; we will email you when it is done.');
    expect(
      estimateText({ finish: '2026-03-02T14:30:00Z', seconds: 3 * 3600, cap: { provider: 'gmail', per: 'minute', messages: 500 } }),
    ).toBe(
      'About 3 hours — Gmail accepts about 500 messages a minute from other apps. You can close this page; we will email you when it is done.',
    );
    expect(estimateText({ finish: '2026-03-02T12:40:00Z', seconds: 40 * 60 })).toBe(
      'About 40 minutes at the pace so far. You can close this page; we will email you when it is done.',
    );
  });

  it('names the destination that makes the export wait, and when it goes on', () => {
    // 2:00 PM on Tuesday 3 March 2026 in the reader's time zone, whichever the test runs in.
    const until = new Date(2026, 2, 3, 14, 0).toISOString();
    const at = 'Tuesday 2:00 PM';
    expect(waitingText({ reason: 'daily-limit', until, provider: 'gmail' })).toBe(
      `Waiting for Gmail's daily limit — continues about ${at}. You can close this page.`,
    );
    expect(waitingText({ reason: 'throttled', until, provider: 'outlook' })).toBe(
      `Waiting for Outlook.com, which asked us to slow down — continues about ${at}. You can close this page.`,
    );
    expect(waitingText({ reason: 'daily-limit', until: 'not a date' })).toBe(
      "Waiting for the destination's daily limit — continues soon. You can close this page.",
    );
  });

  it('writes sizes in the unit that keeps them readable', () => {
    expect(formatBytes(950)).toBe('950 bytes');
    expect(formatBytes(35e6)).toBe('35 MB');
    expect(formatBytes(1.2e9)).toBe('1.2 GB');
  });
});
