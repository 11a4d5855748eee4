/**
 * The language of the visit (issue 33, decision 0033): switching it mid-wizard keeps every choice,
 * it survives the sign-in round trip in the stored snapshot, Start over keeps it, and the export's
 * load request carries it so the export's mails come in that language.
 */
import { describe, expect, it } from 'vitest';
import { buildLoadRequest, restoreSnapshot, selectLanguage, selectScreen, toStoredSnapshot } from '../../machines/index.ts';
import { SOURCE, start, visit, waitForScreen, type EffectCall } from './support.ts';

/** Signs in, picks Download, chooses email and contacts with their formats, and reaches the start page. */
const toStartPage = async (effects: EffectCall[], input = {}) => {
  const actor = start(effects, { input });
  actor.send(visit('/oauth-callback', SOURCE));
  await waitForScreen(actor, (s) => s.matches({ destinationAccount: 'choosing' }));
  actor.send({ type: 'DESTINATION.SELECTED', provider: 'file' });
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  await waitForScreen(actor, (s) => s.matches('migrationOptions'));
  actor.send({ type: 'OPERATIONS.SELECTED', choice: 'both' });
  actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'EML' });
  actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format: 'CSV' });
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  await waitForScreen(actor, (s) => selectScreen(s) === 'startMigration');
  actor.send({ type: 'NOTIFICATION_EMAIL.CHANGED', value: 'pat@example.com' });
  return actor;
};

describe('the language of the visit', () => {
  it('starts from the input (the browser’s language on a first visit), English without one', () => {
    expect(selectLanguage(start([]).getSnapshot())).toBe('en');
    expect(selectLanguage(start([], { input: { language: 'es' } }).getSnapshot())).toBe('es');
  });

  it('switches mid-wizard keeping every choice, the screen and the address', async () => {
    const actor = await toStartPage([]);
    const before = actor.getSnapshot();
    actor.send({ type: 'LANGUAGE.CHOSEN', language: 'es' });
    const after = actor.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual({ ...before.context, language: 'es' });
    expect(buildLoadRequest(after.context)).toEqual({ ...buildLoadRequest(before.context), language: 'es' });
  });

  it('survives the stored snapshot (the sign-in round trip) and Start over', async () => {
    const actor = await toStartPage([], { language: 'es' });
    const restored = start([], { snapshot: restoreSnapshot(toStoredSnapshot(actor)) });
    expect(selectLanguage(restored.getSnapshot())).toBe('es');
    restored.send({ type: 'START_OVER.REQUESTED' });
    expect(selectLanguage(restored.getSnapshot())).toBe('es');
  });

  it('ignores a stored snapshot without a language it speaks (an older build, or a made-up one)', async () => {
    const actor = await toStartPage([]);
    const stored = JSON.parse(toStoredSnapshot(actor)) as { snapshot: { context: { language: string } } };
    stored.snapshot.context.language = 'xx';
    expect(restoreSnapshot(JSON.stringify(stored))).toBeUndefined();
  });
});
