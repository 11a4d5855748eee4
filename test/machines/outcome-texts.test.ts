/** The status page's outcome words: they match what arrived, whatever the outcome. */
import { describe, expect, it } from 'vitest';
import * as phrases from '../../machines/outcome-texts.ts';
import { outcomeOf } from '../../machines/outcome-texts.ts';
import { progressText } from '../../machines/status-texts.ts';
import { english } from '../support/status-words.ts';

const arrivedText = english.of(phrases.arrivedText);
const failureReasonText = english.of(phrases.failureReasonText);
const headlineText = english.of(phrases.headlineText);

const progress = (done: number, failed: number, total: number | null = 300) => ({ total, done, failed });

describe('outcomeOf', () => {
  it.each([
    ['started', undefined, progress(10, 0), 'running'],
    ['completed', undefined, progress(300, 0), 'completed'],
    ['completed', undefined, progress(285, 15), 'partial'],
    // A cancel that came after the last item does not undo a completed export.
    ['completed', 'cancelled', progress(300, 0), 'completed'],
    ['error', 'cancelled', progress(44, 0), 'cancelled'],
    ['error', 'destination-unreachable', progress(44, 0), 'error'],
    ['error', undefined, null, 'error'],
  ] as const)('status %s, reason %s', (status, reason, counts, outcome) => {
    expect(outcomeOf(status, reason, counts)).toBe(outcome);
  });
});

describe('headlineText and arrivedText', () => {
  it('a partly failed export: how many could not be moved, and how many arrived', () => {
    expect(headlineText('emailmigration', 'partial', progress(285, 15))).toBe('Completed — 15 of 300 messages could not be moved');
    expect(arrivedText('emailmigration', 'partial', progress(285, 15))).toBe('285 of 300 messages arrived.');
  });

  it('a cancelled or stopped export: what arrived before it ended, also before the source was counted', () => {
    expect(headlineText('emailmigration', 'cancelled', progress(44, 0))).toBe('Cancelled');
    expect(arrivedText('emailmigration', 'cancelled', progress(44, 0))).toBe('44 of 300 messages arrived before you cancelled.');
    expect(arrivedText('contactsmigration', 'error', progress(1, 0, null))).toBe('1 contact arrived before the export stopped.');
  });

  it('running and complete exports keep their labels and leave the counts to the progress text', () => {
    expect(headlineText('emailmigration', 'running', progress(1, 0))).toBe('In progress');
    expect(headlineText('emailmigration', 'completed', progress(300, 0))).toBe('Completed');
    expect(arrivedText('emailmigration', 'completed', progress(300, 0))).toBeNull();
    expect(arrivedText('emailmigration', 'cancelled', null)).toBeNull();
  });
});

describe('failureReasonText', () => {
  it('names the destination where it has a name, and says something plain for a reason it does not know', () => {
    expect(failureReasonText('too-big', 'gmail')).toBe('Too big for Gmail');
    expect(failureReasonText('quota', 'other')).toBe('No room left at the new mailbox');
    expect(failureReasonText('refused', undefined)).toBe('Not accepted by the new mailbox');
    expect(failureReasonText('vanished-at-source', 'outlook')).toBe('Deleted from your old mailbox during the export');
    expect(failureReasonText('something-new', 'gmail')).toBe('Could not be moved');
  });
});

describe('announcementText', () => {
  it('says each tenth of the way while running, and the label with what arrived at the end', () => {
    const running = (done: number, total: number | null = 300) => {
      const counts = progress(done, 0, total);
      const said = phrases.announcementText(
        'running',
        phrases.headlineText('emailmigration', 'running', counts),
        counts,
        progressText('emailmigration', counts),
      );
      return english(said);
    };
    expect(running(29)).toBe('in progress');
    expect(running(30)).toBe('in progress, about 10% done');
    expect(running(59)).toBe('in progress, about 10% done');
    expect(running(0, null)).toBe('in progress');
    const cancelled = progress(44, 0);
    expect(
      english(
        phrases.announcementText(
          'cancelled',
          phrases.headlineText('emailmigration', 'cancelled', cancelled),
          cancelled,
          phrases.arrivedText('emailmigration', 'cancelled', cancelled),
        ),
      ),
    ).toBe('Cancelled. 44 of 300 messages arrived before you cancelled.');
  });
});
