import { describe, expect, it } from 'vitest';
import { restoreSnapshot, selectLocation, selectScreen, STORAGE_KEY, SNAPSHOT_VERSION, toStoredSnapshot } from '../../machines/index.ts';
import { EXPORT_ID, SOURCE, start, visit, waitForScreen, type EffectCall } from './support.ts';

/** Signs in, picks gmail, accepts the terms, chooses both, and leaves for consent. */
const toConsent = async (effects: EffectCall[]) => {
  const actor = start(effects);
  actor.send(visit('/oauth-callback', SOURCE));
  await waitForScreen(actor, (s) => s.matches({ destinationAccount: 'choosing' }));
  actor.send({ type: 'DESTINATION.SELECTED', provider: 'gmail' });
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  await waitForScreen(actor, (s) => s.matches('acceptGoogleTerms'));
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  actor.send({ type: 'OPERATIONS.SELECTED', choice: 'both' });
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  expect(actor.getSnapshot().matches({ migrationOptions: 'leavingForConsent' })).toBe(true);
  return actor;
};

describe('persistence in sessionStorage', () => {
  it('continues from a stored mid-wizard snapshot to the end, without leaving for consent twice', async () => {
    const effects: EffectCall[] = [];
    const first = await toConsent(effects);
    expect(effects).toEqual([
      {
        name: 'leaveForDestinationConsent',
        params: { provider: 'gmail', operations: ['emailmigration', 'contactsmigration'], language: 'en' },
      },
    ]);
    const stored = toStoredSnapshot(first);
    first.stop();
    expect(JSON.parse(stored)).toMatchObject({ version: SNAPSHOT_VERSION });
    expect(STORAGE_KEY).toBe('exportPortal.snapshot');

    // The page comes back from the provider: a new actor from the stored snapshot.
    const restoredEffects: EffectCall[] = [];
    const second = start(restoredEffects, { snapshot: restoreSnapshot(stored) });
    expect(second.getSnapshot().matches({ migrationOptions: 'leavingForConsent' })).toBe(true);
    expect(restoredEffects).toEqual([]);
    second.send(visit('/oauth-callback', { token_id: 'dst-token', email: 'pat@gmail.com' }));
    const startPage = second.getSnapshot();
    expect(selectScreen(startPage)).toBe('startMigration');
    expect(startPage.context.dstAccount).toEqual({ provider: 'gmail', email: 'pat@gmail.com', tokenId: 'dst-token' });
    expect(startPage.context.srcAccount?.email).toBe(SOURCE.email);
    expect(startPage.context.notificationEmail).toBe(SOURCE.email);
    second.send({ type: 'EXPORT.START_REQUESTED' });
    second.send({ type: 'EXPORT.START_REQUESTED' });
    const done = await waitForScreen(second, (s) => s.matches('complete'));
    expect(done.context.exportId).toBe(EXPORT_ID);
    expect(selectLocation(done).path).toBe('/complete');
    expect(done.context.operations).toEqual([]);
    second.send({ type: 'EXPORT_ID.COPY_REQUESTED' });
    expect(restoredEffects).toEqual([{ name: 'copyExportId', params: { exportId: EXPORT_ID } }]);
  });

  it('never stores a password', async () => {
    const actor = start([]);
    actor.send(visit('/oauth-callback', SOURCE));
    await waitForScreen(actor, (s) => s.matches({ destinationAccount: 'choosing' }));
    actor.send({ type: 'OTHER.OPENED' });
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'me@example.org' });
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'password', value: 'S3cret-pass!' });
    expect(toStoredSnapshot(actor)).not.toContain('S3cret-pass!');
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' }); // still waiting for the email check: ignored
    expect(actor.getSnapshot().matches({ destinationAccount: 'emailPending' })).toBe(true);
    actor.send({ type: 'OTHER.IMAP_BLURRED' });
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'password', value: 'S3cret-pass!' });
    expect(actor.getSnapshot().context.other.password).toBe('S3cret-pass!');
    expect(toStoredSnapshot(actor)).not.toContain('S3cret-pass!');
  });

  it('restoring a snapshot that was leaving for sign-in does not leave again', () => {
    const effects: EffectCall[] = [];
    const actor = start(effects);
    actor.send({ type: 'SIGN_IN.REQUESTED' });
    expect(effects).toEqual([{ name: 'leaveForSourceSignIn', params: { language: 'en' } }]);
    const again: EffectCall[] = [];
    const restored = start(again, { snapshot: restoreSnapshot(toStoredSnapshot(actor)) });
    expect(restored.getSnapshot().matches({ signIn: 'leavingForSignIn' })).toBe(true);
    expect(again).toEqual([]);
  });

  it.each([
    ['nothing stored', null],
    ['empty string', ''],
    ['not JSON', '{"version":1,'],
    ['JSON of another shape', '[1,2,3]'],
    ['another version', JSON.stringify({ version: SNAPSHOT_VERSION + 1, snapshot: {} })],
    [
      'a state this machine does not have',
      JSON.stringify({ version: SNAPSHOT_VERSION, snapshot: { status: 'active', value: { nowhere: 'idle' }, context: {} } }),
    ],
    [
      'a context of the wrong shape',
      JSON.stringify({ version: SNAPSHOT_VERSION, snapshot: { status: 'active', value: { signIn: 'idle' }, context: { flags: 'yes' } } }),
    ],
    [
      'a finished actor',
      JSON.stringify({ version: SNAPSHOT_VERSION, snapshot: { status: 'done', value: { signIn: 'idle' }, context: {} } }),
    ],
  ])('gives a fresh start for %s', (_name, raw) => {
    expect(restoreSnapshot(raw)).toBeUndefined();
  });
});
