import { describe, expect, it } from 'vitest';
import { createEndedAnswers } from '../../../server/jobs/ended-answers.ts';

describe('ended answers', () => {
  it('keeps the first answer per export and forgets the oldest past the bound', () => {
    const answers = createEndedAnswers<string>(() => 0, 2);
    answers.set('a', 'first a');
    answers.set('a', 'second a');
    answers.set('b', 'b');
    expect(answers.get('a')).toBe('first a');
    answers.set('c', 'c');
    expect([answers.get('a'), answers.get('b'), answers.get('c')]).toEqual([undefined, 'b', 'c']);
  });

  it('keeps each answer as the JSON text it is sent as, written when it was kept', () => {
    const answers = createEndedAnswers<{ emailmigration: { status: string } }>(() => 0);
    const answer = { emailmigration: { status: 'completed' } };
    answers.set('a', answer);
    answer.emailmigration.status = 'changed later';
    expect(answers.json('a')).toBe('{"emailmigration":{"status":"completed"}}');
    expect(answers.json('b')).toBeUndefined();
  });

  it('keeps an answer given an end only until then, and then takes the next one', () => {
    const clock = { now: 0 };
    const answers = createEndedAnswers<string>(() => clock.now);
    answers.set('a', 'file ready', 100);
    clock.now = 99;
    expect(answers.get('a')).toBe('file ready');
    clock.now = 100;
    expect(answers.json('a')).toBeUndefined();
    answers.set('a', 'file gone');
    clock.now = 1e12;
    expect(answers.get('a')).toBe('file gone');
  });
});
