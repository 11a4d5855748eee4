/** The pure rules behind the routes: §4 opt-out transitions, capabilities, IMAP host parsing. */
import { describe, expect, it } from 'vitest';
import { OptOutRequestSchema, ServerOptOutStateSchema } from '../../contract/index.ts';

const SERVER_OPT_OUT_STATES = ServerOptOutStateSchema.options;
const OPT_OUT_REQUESTS = OptOutRequestSchema.options;
import { allowsMigration, nextOptOutState, standing } from '../../server/rules/opt-out.ts';
import { scenarioDirectory } from '../../server/development/scenarios.ts';
import { providerForEmail } from '../../server/rules/capabilities.ts';

describe('nextOptOutState (§4)', () => {
  const active = scenarioDirectory.find('active@example.com');
  const at = (state: (typeof SERVER_OPT_OUT_STATES)[number]) => standing(active, { state, updatedAt: 0 }, 0);
  const expected: Record<string, string | null> = {
    'NONE/OPT_OUT': 'OPTED_OUT_INITIAL',
    'OPTED_OUT_CANCEL/OPT_OUT': 'OPTED_OUT_INITIAL',
    'OPTED_OUT_INITIAL/OPT_OUT_CANCEL': 'OPTED_OUT_CANCEL',
    'OPTED_OUT_DELETE/OPT_OUT_CANCEL': 'OPTED_OUT_CANCEL',
  };
  for (const state of SERVER_OPT_OUT_STATES) {
    for (const request of OPT_OUT_REQUESTS) {
      const key = `${state}/${request}`;
      it(`${key} → ${expected[key] ?? 'refused'}`, () => {
        expect(nextOptOutState(at(state), request)).toBe(expected[key] ?? null);
      });
    }
  }

  it('allows migration only for none, initial or cancel', () => {
    expect(SERVER_OPT_OUT_STATES.filter((state) => allowsMigration(at(state)))).toEqual(['NONE', 'OPTED_OUT_INITIAL', 'OPTED_OUT_CANCEL']);
  });

  it('refuses every request and every export for a moved or purged account, whatever its stored state', () => {
    for (const email of ['moved-to-yahoo@example.com', 'purged-opted-out@example.com', 'purged-tos-timeout@example.com']) {
      const account = scenarioDirectory.find(email);
      for (const state of SERVER_OPT_OUT_STATES) {
        const from = standing(account, { state, updatedAt: 0 }, 0);
        expect(OPT_OUT_REQUESTS.map((request) => nextOptOutState(from, request))).toEqual([null, null]);
        expect(allowsMigration(from)).toBe(false);
      }
    }
  });
});

describe('providerForEmail', () => {
  it.each([
    ['me@gmail.com', 'gmail'],
    ['Me@Hotmail.com', 'outlook'],
    ['me@yahoo.com', 'yahoo'],
    ['me@aol.com', 'aol'],
    ['me@my-isp.net', 'other'],
    ['not-an-address', 'other'],
  ])('%s → %s', (email, provider) => {
    expect(providerForEmail(email)).toBe(provider);
  });
});
