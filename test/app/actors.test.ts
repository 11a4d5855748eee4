/**
 * src/app/actors.ts: a client's ApiFailure reaches the invoking machine untouched, inputs are
 * mapped to the calls' own field names, `signal` is passed through, and the leave-page actions
 * navigate to the §7 redirect URLs through the injected browser.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, toPromise, type AnyActorLogic } from 'xstate';
import type { DestinationProvider, Language, Operation } from '../../contract/index.ts';
import { isApiFailure, type ApiFailure } from '../../src/api/failure';
import { portalActions, portalActors, portalImplementations, type BrowserEffects, type PortalClients } from '../../src/app/actors';

const never = () => new Promise<never>(() => undefined);

/** A fake client whose every function records its arguments and answers `answer` (or rejects). */
function fakeClients(answer: (name: string) => Promise<unknown>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const fn =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({ name, args });
      return answer(name) as Promise<never>; // the fake does not model each call's output type
    };
  const clients: PortalClients = {
    session: {
      capabilities: fn('capabilities'),
      validate: fn('validate'),
      load: fn('load'),
      status: fn('status'),
      cancel: fn('cancel'),
      copyNewMail: fn('copyNewMail'),
      pause: fn('pause'),
      resume: fn('resume'),
      stopForwarding: fn('stopForwarding'),
      sourceFolders: fn('sourceFolders'),
      signOut: fn('signOut'),
    },
    exportService: {
      validateImap: fn('validateImap'),
      domainValidation: fn('domainValidation'),
      comcastGetMigrationStatus: fn('comcastGetMigrationStatus'),
      comcastInfo: fn('comcastInfo'),
      comcastUpdateOptOutState: fn('comcastUpdateOptOutState'),
      statusV2: fn('statusV2'),
      jobsByEmail: fn('jobsByEmail'),
      supportRequest: fn('supportRequest'),
    },
  };
  return { clients, calls };
}

/** Runs one actor inside a machine that invokes it, and reports the done or error event. */
async function invokeInMachine(logic: AnyActorLogic, input: unknown) {
  const machine = setup({ actors: { call: logic } }).createMachine({
    initial: 'calling',
    context: { outcome: undefined as unknown },
    states: {
      calling: {
        invoke: {
          src: 'call',
          input: () => input,
          onDone: { target: 'done', actions: ({ context, event }) => void (context.outcome = { output: event.output }) },
          onError: { target: 'done', actions: ({ context, event }) => void (context.outcome = { error: event.error }) },
        },
      },
      done: { type: 'final' },
    },
  });
  const actor = createActor(machine).start();
  await toPromise(actor);
  return actor.getSnapshot().context.outcome as { output?: unknown; error?: unknown };
}

describe('actors', () => {
  it('an unexpected client rejection reaches the invoking machine as the same ApiFailure', async () => {
    const failure: ApiFailure = { kind: 'status', status: 500, code: 'INTERNAL' };
    const { clients } = fakeClients(() => Promise.reject(failure));
    const outcome = await invokeInMachine(portalActors(clients).fetchJobStatus, { exportId: 'E'.repeat(32), signedIn: false });
    expect(outcome.error).toEqual(failure);
    expect(isApiFailure(outcome.error)).toBe(true);
  });

  it('expected refusals become data: an unknown export ID, a refused IMAP host, an unknown account', async () => {
    const refuse = (status: number, code: string) => () => Promise.reject({ kind: 'status', status, code } satisfies ApiFailure);
    const job = await invokeInMachine(portalActors(fakeClients(refuse(404, 'JOB_NOT_FOUND')).clients).fetchJobStatus, {
      exportId: 'E'.repeat(32),
      signedIn: false,
    });
    expect(job).toEqual({ output: null });
    const imap = await invokeInMachine(portalActors(fakeClients(refuse(400, 'INVALID_IMAP')).clients).validateCredentials, {
      email: 'a@example.com',
      password: 'p',
      imap: 'nowhere',
      provider: 'other',
    });
    expect(imap).toEqual({ output: { ok: false, error: 'INVALID_IMAP' } });
    const account = await invokeInMachine(portalActors(fakeClients(refuse(404, 'ACCOUNT_DOES_NOT_EXIST')).clients).fetchMigrationStatus, {
      tokenId: 't',
      inQa: true,
    });
    expect(account).toEqual({ output: { status: { error: 'ACCOUNT_DOES_NOT_EXIST' }, checkedAt: expect.any(Number) } });
    const other = await invokeInMachine(portalActors(fakeClients(refuse(400, 'BAD')).clients).validateCredentials, {
      email: 'a@example.com',
      password: 'p',
      provider: 'other',
    });
    expect(other.error).toEqual({ kind: 'status', status: 400, code: 'BAD' });
  });

  it('a client answer reaches the machine as the output', async () => {
    const { clients } = fakeClients(() => Promise.resolve({ ok: true }));
    const outcome = await invokeInMachine(portalActors(clients).validateImap, { imap: 'imap.example.com' });
    expect(outcome.output).toEqual({ ok: true });
  });

  const inputCases: [keyof ReturnType<typeof portalActors>, unknown, string, unknown[]][] = [
    ['fetchCapabilities', { email: 'a@b.example' }, 'capabilities', [{ email: 'a@b.example' }]],
    [
      'validateCredentials',
      { email: 'a@b.example', password: 'pw', provider: 'other' },
      'validate',
      [{ email: 'a@b.example', password: 'pw', provider: 'other' }],
    ],
    ['validateImap', { imap: 'imap.x' }, 'validateImap', [{ imap: 'imap.x' }]],
    ['validateDomain', { domain: 'x.example' }, 'domainValidation', [{ domain: 'x.example' }]],
    ['fetchMigrationStatus', { tokenId: 'tok', inQa: false }, 'comcastGetMigrationStatus', [{ token_id: 'tok', in_qa: 'false' }]],
    ['fetchComcastInfo', { tokenId: 'tok' }, 'comcastInfo', [{ token_id: 'tok' }]],
    [
      'updateOptOutState',
      { tokenId: 'tok', inQa: true, optOutState: 'OPT_OUT_CANCEL' },
      'comcastUpdateOptOutState',
      [{ token_id: 'tok', in_qa: 'true' }, { optOutState: 'OPT_OUT_CANCEL' }],
    ],
    ['fetchJobStatus', { exportId: 'E'.repeat(32), signedIn: false }, 'statusV2', [{ job_id: 'E'.repeat(32) }]],
    // Signed in (the machine says so, whatever is stored yet): the session client's call, for the owner's fields.
    ['fetchJobStatus', { exportId: 'E'.repeat(32), signedIn: true }, 'status', [{ job_id: 'E'.repeat(32) }]],
    ['fetchJobsByEmail', { hash: 'h'.repeat(40) }, 'jobsByEmail', [{ hash: 'h'.repeat(40) }]],
  ];

  it.each(inputCases)('%s calls the client with the call’s own fields', async (actorName, input, clientName, args) => {
    const { clients, calls } = fakeClients(() => Promise.resolve({}));
    await invokeInMachine(portalActors(clients)[actorName], input);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.name).toBe(clientName);
    expect(calls[0]?.args.slice(0, -1)).toEqual(args);
  });

  it('passes the actor’s signal, which aborts when the machine stops the actor', async () => {
    const { clients, calls } = fakeClients(never);
    const actor = createActor(portalActors(clients).startExport, {
      input: {
        source_account: { email: 'a@b.example', provider: 'northwave', tokenId: 't' },
        destination_account: { provider: 'file' },
        operations: ['emailmigration'],
        parameters: { notificationEmail: 'a@b.example' },
      },
    }).start();
    const options = calls[0]?.args.at(-1) as { signal?: AbortSignal };
    expect(options.signal).toBeInstanceOf(AbortSignal);
    expect(options.signal?.aborted).toBe(false);
    actor.stop();
    expect(options.signal?.aborted).toBe(true);
  });

  it('submitSupportRequest posts the form as is', async () => {
    const { clients, calls } = fakeClients(() => Promise.resolve({ ok: true }));
    const form = { email_address: 'a@b.example', destination_email: '', migration_id: '', issue: 'help me please' };
    const outcome = await invokeInMachine(portalActors(clients).submitSupportRequest, form);
    expect(calls[0]?.args[0]).toEqual(form);
    expect(outcome.output).toEqual({ ok: true });
  });
});

describe('leave-page actions', () => {
  const browser = () => {
    const effects = { assign: vi.fn<BrowserEffects['assign']>(), writeClipboard: vi.fn<BrowserEffects['writeClipboard']>() };
    effects.writeClipboard.mockResolvedValue(undefined);
    return effects;
  };
  const policyUrls = { privacyPolicy: 'https://brand.example/privacy', termsOfService: 'https://brand.example/terms' };

  it("leaveForSourceSignIn goes to the source sign-in, in the visit's language", () => {
    const effects = browser();
    portalActions({ browser: effects, redirectBaseUrl: '' }).leaveForSourceSignIn(undefined, { language: 'es' });
    expect(effects.assign).toHaveBeenCalledWith('/api/oauth/?provider=northwave&logout=true&ui_locales=es');
  });

  it('leaveForDestinationConsent asks for the operations as scopes', () => {
    const effects = browser();
    portalActions({ browser: effects, redirectBaseUrl: '' }).leaveForDestinationConsent(undefined, {
      provider: 'gmail',
      operations: ['emailmigration', 'contactsmigration'],
      language: 'en',
    });
    expect(effects.assign).toHaveBeenCalledWith(
      '/api/oauth/?provider=gmail&scopes=emailmigration%2Ccontactsmigration&logout=true&ui_locales=en',
    );
  });

  it('leaveForStatusSignIn goes to the status sign-in', () => {
    const effects = browser();
    portalActions({ browser: effects, redirectBaseUrl: '' }).leaveForStatusSignIn(undefined, { language: 'es' });
    expect(effects.assign).toHaveBeenCalledWith('/api/oauth-for-status/?provider=northwave&logout=true&ui_locales=es');
  });

  it('leaveForExternalPage goes to the policy page named', () => {
    const effects = browser();
    const actions = portalActions({ browser: effects, policyUrls });
    actions.leaveForExternalPage(undefined, { page: 'termsOfService' });
    actions.leaveForExternalPage(undefined, { page: 'privacyPolicy' });
    expect(effects.assign.mock.calls).toEqual([[policyUrls.termsOfService], [policyUrls.privacyPolicy]]);
  });

  it('signOut ends the tokens at the service, and nothing is sent without one; a refusal is swallowed', async () => {
    const signOut = vi.fn().mockRejectedValue(new Error('offline'));
    const actions = portalActions({ browser: browser(), session: { signOut } });
    actions.signOut(undefined, { tokens: [] });
    expect(signOut).not.toHaveBeenCalled();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    actions.signOut(undefined, { tokens: ['a'.repeat(43), 'b'.repeat(43)] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(signOut).toHaveBeenCalledWith({ tokens: ['a'.repeat(43), 'b'.repeat(43)] });
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('leaveForExternalPage defaults to the brand’s policy pages', () => {
    const effects = browser();
    portalActions({ browser: effects }).leaveForExternalPage(undefined, { page: 'privacyPolicy' });
    expect(effects.assign.mock.calls[0]?.[0]).toMatch(/^https:\/\//);
  });

  it('copyExportId writes the ID, and a refused clipboard is swallowed', async () => {
    const effects = browser();
    effects.writeClipboard.mockRejectedValue(new Error('NotAllowedError'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      portalActions({ browser: effects }).copyExportId(undefined, { exportId: 'X'.repeat(32) });
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(effects.writeClipboard).toHaveBeenCalledWith('X'.repeat(32));
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('run as the actions of a machine through provide(), params included', () => {
    const effects = browser();
    const { actions } = portalImplementations(fakeClients(never).clients, { browser: effects, redirectBaseUrl: '' });
    // The machine's own defaults are no-ops (docs/machine-api.md); the app swaps in the real ones.
    const machine = setup({
      actions: {
        leaveForStatusSignIn: (_, _params: { language: Language }) => undefined,
        leaveForDestinationConsent: (_, _params: { provider: DestinationProvider; operations: Operation[]; language: Language }) =>
          undefined,
      },
    })
      .createMachine({
        on: {
          STATUS: { actions: { type: 'leaveForStatusSignIn', params: { language: 'es' } } },
          CONSENT: {
            actions: {
              type: 'leaveForDestinationConsent',
              params: { provider: 'outlook', operations: ['emailmigration'], language: 'en' },
            },
          },
        },
      })
      .provide({
        actions: {
          leaveForStatusSignIn: actions.leaveForStatusSignIn,
          leaveForDestinationConsent: actions.leaveForDestinationConsent,
        },
      });
    const actor = createActor(machine).start();
    actor.send({ type: 'STATUS' });
    actor.send({ type: 'CONSENT' });
    expect(effects.assign.mock.calls).toEqual([
      ['/api/oauth-for-status/?provider=northwave&logout=true&ui_locales=es'],
      ['/api/oauth/?provider=outlook&scopes=emailmigration&logout=true&ui_locales=en'],
    ]);
  });
});
