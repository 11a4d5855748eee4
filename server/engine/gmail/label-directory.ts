/**
 * The account's labels, read once and shared by every session of one transfer, so parallel folders
 * neither list the labels again nor create the same label twice. A label another client created
 * meanwhile (409 "exists or conflicts") is found by listing again; Gmail compares names without case.
 * A name Gmail refuses (400) is tried once more with ` (imported)` added.
 */
import { bodyOf, call, detailOf, isSuccess } from '../http/answers.ts';
import type { ApiClient } from '../http/api-client.ts';
import type { Pacing } from '../paced.ts';
import { TransferFault } from '../ports.ts';
import { IMPORTED_SUFFIX, withParents } from './labels.ts';
import { LabelListSchema, LabelSchema, type Label } from './schemas.ts';

export const GMAIL = 'Gmail';
const LABELS_PATH = 'gmail/v1/users/me/labels';
/** Quota units (developers.google.com/gmail/api/reference/quota). */
export const UNITS = {
  labelsList: 1,
  labelsCreate: 5,
  labelsGet: 1,
  messagesList: 5,
  messagesGet: 5,
  messagesModify: 5,
  messagesImport: 25,
  profile: 1,
} as const;

export type LabelDirectory = {
  /** The ID of the user label of this name, created (with its parents) when missing. */
  ensure(client: ApiClient, pacing: Pacing, name: string): Promise<string>;
};

const keyOf = (name: string) => name.toLowerCase();

export function createLabelDirectory(): LabelDirectory {
  let byName: Promise<Map<string, Label>> | null = null;
  const creating = new Map<string, Promise<string>>();

  async function list(client: ApiClient, pacing: Pacing): Promise<Map<string, Label>> {
    const request = { method: 'GET', path: LABELS_PATH, units: UNITS.labelsList, what: 'list labels' } as const;
    const labels = bodyOf(GMAIL, request, await call(client, GMAIL, request, pacing), LabelListSchema).labels;
    return new Map(labels.map((label) => [keyOf(label.name), label]));
  }

  async function create(client: ApiClient, pacing: Pacing, name: string): Promise<string> {
    const labels = await (byName ??= list(client, pacing));
    const known = labels.get(keyOf(name));
    if (known) return known.id;
    const request = {
      method: 'POST',
      path: LABELS_PATH,
      units: UNITS.labelsCreate,
      what: `create label "${name}"`,
      json: { name, labelListVisibility: 'labelShow', messageListVisibility: 'show' },
    } as const;
    // 409: someone made it meanwhile; 400: a name Gmail will not take.
    const answer = await call(client, GMAIL, request, pacing, [400, 409]);
    if (isSuccess(answer)) {
      const label = bodyOf(GMAIL, request, answer, LabelSchema);
      labels.set(keyOf(label.name), label);
      return label.id;
    }
    if (answer.status === 409) {
      byName = list(client, pacing);
      const found = (await byName).get(keyOf(name));
      if (found) return found.id;
    }
    if (answer.status === 400 && !name.endsWith(IMPORTED_SUFFIX)) return create(client, pacing, `${name}${IMPORTED_SUFFIX}`);
    throw new TransferFault('unreachable', 'destination', detailOf(GMAIL, request, answer));
  }

  function once(client: ApiClient, pacing: Pacing, name: string): Promise<string> {
    const key = keyOf(name);
    let pending = creating.get(key);
    if (!pending) {
      pending = create(client, pacing, name);
      creating.set(key, pending);
      // A failed attempt is forgotten, so the next session tries again.
      pending.catch(() => creating.delete(key));
    }
    return pending;
  }

  return {
    async ensure(client, pacing, name) {
      let id = '';
      for (const label of withParents(name)) id = await once(client, pacing, label);
      return id;
    },
  };
}
