/**
 * Gmail through its API (`users.messages.import`), the default way into Gmail: no daily byte cap like
 * IMAP's 500 MB, messages up to 150 MB, and labels — Gmail's own model — instead of folders. Each
 * source folder becomes a label (labels.ts); `\Seen` unset adds UNREAD, `\Flagged` adds STARRED; the
 * message keeps its Date header's time.
 *
 * A message is imported once, whatever number of folders hold it: the source shows it is the same
 * message when Message-ID, internal date and size agree (the engine's duplicate key). Its second
 * folder adds a label to the message imported for the first (`messages.modify`). Across runs (a
 * resume after a kill, a later delta pass, mail the account already had) Gmail is asked before each
 * import (find-message.ts): a message it holds gets the folder's label instead of a second copy. So
 * duplicates are found per message as it comes, not up front (heldKeys is empty).
 *
 * Requests are paced to the user's quota (15,000 units a minute: an import is 25, a look-up and a
 * label change 5 each), shared by the transfer's parallel folders. Needs the `https://mail.google.com/`
 * scope (gmail.insert alone cannot search or label).
 */
import { refKey } from '../dedup.ts';
import type { AccessTokens } from '../http/access-tokens.ts';
import { bodyOf, call, writeResult } from '../http/answers.ts';
import type { ApiClient, ApiEndpoint } from '../http/api-client.ts';
import { openCheckedSession } from '../http/open-session.ts';
import { createQuotaPacer, type Quota } from '../http/quota-pacer.ts';
import type { Pacing } from '../paced.ts';
import { DEFAULT_LIMITS, type TransferLimits } from '../pacing.ts';
import type { AppendResult, Clock, MailDestination, MailDestinationSession, SourceMessage } from '../ports.ts';
import { createLabelDirectory, GMAIL, UNITS } from './label-directory.ts';
import { IMPORT_ONLY_LABELS, labelFor } from './labels.ts';
import { findHeld } from './find-message.ts';
import { importMessage } from './import-message.ts';
import { LabelSchema, MessageSchema } from './schemas.ts';

export type GmailDestinationConfig = {
  endpoint: ApiEndpoint;
  /** Folders imported at once; Gmail refuses too many concurrent requests per user. */
  maxParallelFolders?: number;
  /** Larger messages are reported as too big without being sent (Gmail's API: 150 MB). */
  maxMessageBytes?: number;
  /** The user's quota; 15,000 units a minute by default. */
  quota?: Quota;
};

export const GMAIL_API_DEFAULTS = {
  maxParallelFolders: 4,
  maxMessageBytes: 150 * 1024 * 1024,
  quota: { units: 15_000, windowMs: 60_000 },
} as const;

/** The engine's Clock, and how long to wait for a provider that asks us to slow down. */
export type ApiRunOptions = { clock: Clock; limits?: Partial<TransferLimits> };

/** What every session of one transfer shares: labels, and the Gmail ID of each message imported so far. */
type Shared = {
  labels: ReturnType<typeof createLabelDirectory>;
  /** Target (label name or system label) → label ID. */
  targets: Map<string, string>;
  /** Duplicate key → the Gmail message's ID, once known (null: it could not be imported). */
  imported: Map<string, Promise<string | null>>;
};

const what = (message: SourceMessage, target: string) => `import UID ${message.uid} into "${target}"`;

function session(client: ApiClient, pacing: Pacing, shared: Shared): MailDestinationSession {
  const labelOf = (target: string) => {
    const id = shared.targets.get(target);
    if (id === undefined) throw new Error(`no label prepared for "${target}"`);
    return id;
  };

  /** Adds labels to a message Gmail holds; the ones Gmail applies only itself (SENT, DRAFT) are left out. */
  async function addLabels(id: string, labelIds: string[]): Promise<AppendResult> {
    const addLabelIds = labelIds.filter((label) => !IMPORT_ONLY_LABELS.has(label) && label !== 'UNREAD');
    if (addLabelIds.length === 0) return { ok: true };
    const request = {
      method: 'POST',
      path: `gmail/v1/users/me/messages/${encodeURIComponent(id)}/modify`,
      json: { addLabelIds },
      units: UNITS.messagesModify,
      what: `label message ${id}`,
    } as const;
    return writeResult(GMAIL, request, await client.send(request), pacing.clock.now());
  }

  async function importOne(
    message: SourceMessage,
    target: string,
    labelIds: string[],
  ): Promise<{ result: AppendResult; id: string | null }> {
    const { request, answer } = await importMessage(client, message.raw, labelIds, what(message, target));
    const result = writeResult(GMAIL, request, answer, pacing.clock.now());
    return { result, id: result.ok ? bodyOf(GMAIL, request, answer, MessageSchema).id : null };
  }

  return {
    async prepareFolder(folder) {
      const label = labelFor(folder);
      const target = label.kind === 'system' ? label.id : label.name;
      if (!shared.targets.has(target))
        shared.targets.set(target, label.kind === 'system' ? label.id : await shared.labels.ensure(client, pacing, label.name));
      return target;
    },
    heldKeys: async () => new Map(),
    async append(target, message) {
      const flags = new Set(message.flags);
      const labelIds = [labelOf(target), ...(flags.has('\\Seen') ? [] : ['UNREAD']), ...(flags.has('\\Flagged') ? ['STARRED'] : [])];
      const key = message.messageId === null ? null : refKey(message);
      const earlier = key === null ? undefined : shared.imported.get(key);
      const earlierId = earlier ? await earlier : null;
      if (earlierId !== null) return addLabels(earlierId, labelIds);

      // This session answers for the key now; another folder holding the same message waits for it.
      let settle: (id: string | null) => void = () => {};
      if (key !== null) shared.imported.set(key, new Promise((resolve) => (settle = resolve)));
      let id: string | null = null;
      try {
        const held = await findHeld(client, pacing, message.messageId, message.raw);
        if (held !== null) {
          const result = await addLabels(held, labelIds);
          if (result.ok) id = held;
          return result;
        }
        const imported = await importOne(message, target, labelIds);
        id = imported.id;
        return imported.result;
      } finally {
        settle(id);
        if (key !== null && id === null) shared.imported.delete(key);
      }
    },
    async count(target) {
      const request = {
        method: 'GET',
        path: `gmail/v1/users/me/labels/${encodeURIComponent(labelOf(target))}`,
        units: UNITS.labelsGet,
        what: `count label "${target}"`,
      } as const;
      return bodyOf(GMAIL, request, await call(client, GMAIL, request, pacing), LabelSchema).messagesTotal ?? 0;
    },
    close: async () => client.close(),
  };
}

export function createGmailDestination(config: GmailDestinationConfig, tokens: AccessTokens, run: ApiRunOptions): MailDestination {
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...run.limits };
  const pacer = createQuotaPacer(run.clock, config.quota ?? GMAIL_API_DEFAULTS.quota);
  const shared: Shared = { labels: createLabelDirectory(), targets: new Map(), imported: new Map() };
  return {
    traits: {
      maxParallelFolders: config.maxParallelFolders ?? GMAIL_API_DEFAULTS.maxParallelFolders,
      maxMessageBytes: config.maxMessageBytes ?? GMAIL_API_DEFAULTS.maxMessageBytes,
      durable: true,
    },
    connect: () =>
      openCheckedSession(
        { endpoint: config.endpoint, name: GMAIL, tokens, pacer },
        { clock: run.clock, limits },
        { method: 'GET', path: 'gmail/v1/users/me/profile', units: UNITS.profile, what: 'read the profile' },
        (client, pacing) => session(client, pacing, shared),
      ),
    keysFor: (ref) => [refKey(ref)],
    finish: async () => {},
    discard: async () => {},
  };
}
