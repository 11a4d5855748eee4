import { describe, expect, it } from 'vitest';
import { errorWords } from '../../contract/words/en/errors.ts';
import { say } from '../../contract/words/translate.ts';
import {
  restoreSnapshot,
  selectErrorModal,
  selectLocation,
  selectScreen,
  SNAPSHOT_VERSION,
  toStoredSnapshot,
  type PortalEvent,
} from '../../machines/index.ts';
import { EXPORT_ID, SOURCE, start, visit, waitForScreen } from './support.ts';

type Landing = { state: string; path: string; search?: string; hash?: string; modal?: string };

// Cold: empty sessionStorage. Where every route of §2 lands, and why.
const cold: Array<[string, Record<string, string>, string, Landing]> = [
  ['/', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  [
    '/',
    { error: 'MAILBOX_IS_NOT_ACTIVE', type: 'AUTH_ERROR' },
    '',
    {
      state: '{"signIn":"idle"}',
      path: '/',
      search: '?error=MAILBOX_IS_NOT_ACTIVE&type=AUTH_ERROR',
      modal: 'The mailbox for user is not active.',
    },
  ],
  [
    '/',
    { error: 'EXTERNAL_OAUTH_ERROR', message: 'pat' },
    '',
    { state: '{"signIn":"idle"}', path: '/', modal: 'The user pat may have not been authorized to use this portal.' },
  ],
  [
    '/',
    {},
    '#error',
    {
      state: '{"signIn":"idle"}',
      path: '/',
      hash: '#error',
      modal: 'An external authentication error has happened. Please, try to sign in again.',
    },
  ],
  ['/loading', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/opt-out-info', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/destination-account', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/accept-google-terms', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/migration-options', {}, '', { state: '{"signIn":"idle"}', path: '/', hash: '#error' }],
  ['/check-email-scopes', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/start-migration', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/complete', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/status', { migration_id: EXPORT_ID }, '', { state: '{"status":"loading"}', path: '/status', search: `?migration_id=${EXPORT_ID}` }],
  ['/status', { migration_id: 'abc' }, '', { state: '{"status":"invalidId"}', path: '/status' }],
  ['/status', {}, '', { state: '{"status":"invalidId"}', path: '/status' }],
  ['/status-from-email', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/support-form', {}, '', { state: '{"supportForm":"idle"}', path: '/support-form' }],
  ['/privacy-policy', {}, '', { state: '{"privacyPolicy":"waiting"}', path: '/privacy-policy' }],
  ['/terms-of-service', {}, '', { state: '{"termsOfService":"waiting"}', path: '/terms-of-service' }],
  ['/oauth-callback', {}, '', { state: '{"signIn":"idle"}', path: '/', search: '?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR' }],
  ['/oauth-callback', { error: 'EXTERNAL_OAUTH_ERROR' }, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/oauth-callback', { token_id: 'x' }, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/oauth-callback', SOURCE, '', { state: '{"loading":"fetchingMigrationStatus"}', path: '/loading' }],
  [
    '/oauth-callback-for-status',
    { ...SOURCE, hash: 'a'.repeat(40) },
    '',
    { state: '{"statusFromEmail":"loading"}', path: '/status-from-email' },
  ],
  ['/oauth-callback-for-status', SOURCE, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/no-such-page', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
  ['/Loading/', {}, '', { state: '{"signIn":"idle"}', path: '/' }],
];

describe('deep links with empty storage', () => {
  it.each(cold)('%s %j %s', (path, query, hash, expected) => {
    const actor = start([]);
    actor.send(visit(path, query, hash));
    const snapshot = actor.getSnapshot();
    expect(JSON.stringify(snapshot.value)).toBe(expected.state);
    const location = selectLocation(snapshot);
    expect(location.path).toBe(expected.path);
    if (expected.search !== undefined) expect(location.search).toBe(expected.search);
    if (expected.hash !== undefined) expect(location.hash).toBe(expected.hash);
    if (expected.modal !== undefined) {
      const said = selectErrorModal(snapshot)?.message;
      expect(said && say('en', errorWords, said.key, said.values)).toBe(expected.modal);
    }
  });

  it('the titles follow §8: AUTH_ERROR or #error, else an information message', () => {
    const titleFor = (query: Record<string, string>, hash = '') => {
      const actor = start([]);
      actor.send(visit('/', query, hash));
      const title = selectErrorModal(actor.getSnapshot())?.title;
      return title && say('en', errorWords, title);
    };
    expect(titleFor({ error: 'GENERAL_ERROR', type: 'AUTH_ERROR' })).toBe('We were unable to log you into the export tool.');
    expect(titleFor({}, '#error')).toBe('We were unable to log you into the export tool.');
    expect(titleFor({ error: 'GENERAL_ERROR' })).toBe('Information message');
    expect(titleFor({ error: 'OPTED_OUT_ERROR' })).toBe('An error occured while updating opt-out state.');
  });
});

describe('bad input never throws', () => {
  const hostile: unknown[] = [
    { type: 'ROUTE.VISITED', path: 42, query: null, hash: undefined },
    { type: 'ROUTE.VISITED', path: '/oauth-callback', query: { token_id: ['a', 'b'], email: { $ne: 1 } }, hash: 7 },
    { type: 'ROUTE.VISITED', path: '', query: 'error=1', hash: '#error' },
    { type: 'ROUTE.VISITED' },
    { type: 'NO.SUCH_EVENT' },
    { type: 'DESTINATION.SELECTED', provider: 'myspace' },
  ];
  it.each(hostile)('%j lands on a screen', (event) => {
    const actor = start([]);
    expect(() => actor.send(event as PortalEvent)).not.toThrow();
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectScreen(actor.getSnapshot())).toBe('signIn');
  });
});

describe('deep links with stale or corrupt storage', () => {
  it.each([
    ['corrupt JSON', '{"version":'],
    ['an older version', JSON.stringify({ version: SNAPSHOT_VERSION - 1, snapshot: {} })],
  ])('%s gives a fresh start: /start-migration lands on /', (_name, raw) => {
    const actor = start([], { snapshot: restoreSnapshot(raw) });
    actor.send(visit('/start-migration'));
    expect(selectLocation(actor.getSnapshot()).path).toBe('/');
  });

  it('a stored source lets /destination-account through; / without error then resets it', async () => {
    const first = start([]);
    first.send(visit('/oauth-callback', SOURCE));
    await waitForScreen(first, (s) => s.matches('destinationAccount'));
    const stored = toStoredSnapshot(first);

    const reloaded = start([], { snapshot: restoreSnapshot(stored) });
    reloaded.send(visit('/destination-account'));
    expect(selectScreen(reloaded.getSnapshot())).toBe('destinationAccount');
    reloaded.send(visit('/start-migration')); // no destination, no operations yet
    expect(selectScreen(reloaded.getSnapshot())).toBe('signIn');
    expect(reloaded.getSnapshot().context.srcAccount).toBeNull();
  });

  it('an Other destination loses its password on reload, so /start-migration goes home', async () => {
    const first = start([]);
    first.send(visit('/oauth-callback', SOURCE));
    await waitForScreen(first, (s) => s.matches('destinationAccount'));
    first.send({ type: 'OTHER.OPENED' });
    first.send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'me@example.org' });
    first.send({ type: 'OTHER.FIELD_CHANGED', field: 'password', value: 'pw-123456' });
    first.send({ type: `xstate.after.emailDebounce.exportPortal.destinationAccount.emailPending` } as unknown as PortalEvent);
    first.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await waitForScreen(first, (s) => s.matches('migrationOptions'));
    first.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    first.send({ type: 'WIZARD.NEXT_REQUESTED' });
    expect(selectScreen(first.getSnapshot())).toBe('startMigration');

    const reloaded = start([], { snapshot: restoreSnapshot(toStoredSnapshot(first)) });
    expect(reloaded.getSnapshot().context.dstAccount?.password).toBeUndefined();
    reloaded.send(visit('/start-migration'));
    expect(selectScreen(reloaded.getSnapshot())).toBe('signIn');
  });

  it('a cancelled closure sends /opt-out-info to the destination page', async () => {
    const actor = start([]);
    actor.send(visit('/oauth-callback', SOURCE));
    await waitForScreen(actor, (s) => s.matches('destinationAccount'));
    actor.send(visit('/opt-out-info'));
    expect(selectScreen(actor.getSnapshot())).toBe('optOutInfo');
    actor.send({ type: 'OPT_OUT.REQUESTED' });
    actor.send({ type: 'OPT_OUT.CONFIRMED' });
    await waitForScreen(actor, (s) => s.matches({ optOutInfo: 'idle' }) && s.context.optOutResult === 'OPTED_OUT');
    actor.send({ type: 'OPT_OUT.CANCEL_REQUESTED' });
    actor.send({ type: 'OPT_OUT.CANCEL_CONFIRMED' });
    await waitForScreen(actor, (s) => s.matches('destinationAccount'));
    expect(actor.getSnapshot().context.optOutResult).toBe('CANCELED_OPT_OUT');
    actor.send(visit('/opt-out-info'));
    expect(selectScreen(actor.getSnapshot())).toBe('destinationAccount');
    expect(actor.getSnapshot().can({ type: 'OPT_OUT.REQUESTED' })).toBe(false);
  });
});
