/**
 * The bearer token the session client sends follows the machine: after the sign-in callback the
 * source's tokenId is in sessionStorage under AUTH_TOKEN_STORAGE_KEY, and a reset removes it.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/api/browser-sources';
import { portalImplementations, type PortalClients } from '../../src/app/actors';
import { createPortalActor } from '../../src/app/create-portal-actor';
import { providedPortalMachine } from '../../machines/index.ts';

afterEach(() => vi.unstubAllGlobals());

const pending = () => new Promise<never>(() => undefined);
const clients: PortalClients = {
  session: {
    capabilities: pending,
    validate: pending,
    load: pending,
    status: pending,
    cancel: pending,
    copyNewMail: pending,
    pause: pending,
    resume: pending,
    stopForwarding: pending,
    signOut: pending,
    sourceFolders: pending,
  },
  exportService: {
    validateImap: pending,
    domainValidation: pending,
    comcastGetMigrationStatus: pending,
    comcastInfo: pending,
    comcastUpdateOptOutState: pending,
    statusV2: pending,
    jobsByEmail: pending,
    supportRequest: pending,
  },
};

it('stores the signed-in tokenId for the session client and removes it when the state is reset', () => {
  const store = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  const browser = { assign: () => undefined, writeClipboard: () => Promise.resolve() };
  const actor = createPortalActor({ machine: providedPortalMachine(portalImplementations(clients, { browser })), storage: null });
  actor.start();
  expect(store.has(AUTH_TOKEN_STORAGE_KEY)).toBe(false);

  actor.send({
    type: 'ROUTE.VISITED',
    path: '/oauth-callback',
    query: { token_id: 'source-token-1', email: 'active@example.com' },
    hash: '',
  });
  expect(actor.getSnapshot().context.srcAccount?.tokenId).toBe('source-token-1');
  expect(store.get(AUTH_TOKEN_STORAGE_KEY)).toBe('source-token-1');

  // Visiting / without an error resets the stored state (§2), as Start over does from steps 2–4 and 6.
  actor.send({ type: 'ROUTE.VISITED', path: '/', query: {}, hash: '' });
  expect(actor.getSnapshot().context.srcAccount).toBeNull();
  expect(store.has(AUTH_TOKEN_STORAGE_KEY)).toBe(false);
  actor.stop();
});
