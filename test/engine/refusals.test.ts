/** What the engine makes of the answers real servers give to an APPEND they do not take. */
import { describe, expect, it } from 'vitest';
import { appendRefusal, isConnectionError, isLoginRefusal } from '../../server/engine/imap/faults.ts';

const answer = (serverResponseCode: string | undefined, responseText: string, extra: object = {}) =>
  Object.assign(new Error('Command failed'), { responseStatus: 'NO', serverResponseCode, responseText, ...extra });

describe('appendRefusal', () => {
  it.each([
    [
      'Dovecot, message over the size limit',
      answer('LIMIT', 'Mail size is larger than the maximum size allowed by server configuration'),
      'too-big',
    ],
    ['imapflow, over the announced APPENDLIMIT', answer('APPENDLIMIT', 'Message content too big for APPENDLIMIT=1000'), 'too-big'],
    ['Dovecot, full mailbox', answer('OVERQUOTA', 'Quota exceeded (mailbox for user is full)'), 'quota'],
    ['Gmail, daily upload cap', answer('OVERQUOTA', 'Account exceeded command or bandwidth limits. (Failure)'), 'daily-limit'],
    ['a rate limit', answer('THROTTLED', 'Slow down'), 'throttled'],
    ['a limit that is not about size', answer('LIMIT', 'Too many commands'), 'throttled'],
    ['a busy server without a code', answer(undefined, 'Server busy, try again later'), 'throttled'],
    ['Dovecot, zero-byte message', answer(undefined, "Can't save a zero byte message"), 'refused'],
  ])('%s → %s', (_name, error, kind) => {
    expect(appendRefusal(error).kind).toBe(kind);
  });

  it('takes the rest of a Microsoft "Suggested Backoff Time" as the wait', () => {
    const refusal = appendRefusal(
      Object.assign(new Error('throttled'), { code: 'ETHROTTLE', throttleReset: 92_415, throttleWaited: 30_000 }),
    );
    expect(refusal).toEqual({ kind: 'throttled', retryAfterMs: 62_415, detail: '[ETHROTTLE] throttled' });
  });
});

describe('isLoginRefusal and isConnectionError', () => {
  it('a refused login is final, a busy server at login is not', () => {
    expect(isLoginRefusal(Object.assign(new Error('x'), { authenticationFailed: true, serverResponseCode: 'AUTHENTICATIONFAILED' }))).toBe(
      true,
    );
    expect(
      isLoginRefusal(
        Object.assign(new Error('x'), { authenticationFailed: true, responseText: 'Too many simultaneous connections. (Failure)' }),
      ),
    ).toBe(false);
  });

  it('a dropped socket is a connection error, a server answer is not', () => {
    expect(isConnectionError(Object.assign(new Error('Connection not available'), { code: 'NoConnection' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(answer('OVERQUOTA', 'Quota exceeded'))).toBe(false);
  });
});
