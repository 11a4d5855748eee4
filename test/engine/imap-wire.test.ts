/**
 * The append pipe's own reading and writing of IMAP (server/engine/imap/wire.ts): responses split
 * across chunks and carrying literals, tagged answers with response codes, and the arguments of an
 * APPEND as RFC 3501 writes them.
 */
import { describe, expect, it } from 'vitest';
import { capabilitiesIn, createLineReader, internalDateArgument, mailboxArgument, parseResponse } from '../../server/engine/imap/wire.ts';

describe('IMAP wire format', () => {
  it('splits responses across chunks and skips the literals inside them', () => {
    const lines: string[] = [];
    const read = createLineReader((line) => lines.push(line));
    const stream = Buffer.from('* OK ready\r\n* 1 FETCH (BODY[] {10}\r\nhello\r\nyou)\r\nP1 OK [APPENDUID 7 42] done\r\n+ go\r\n');
    for (let i = 0; i < stream.length; i += 3) read(stream.subarray(i, i + 3));
    expect(lines).toEqual(['* OK ready', '* 1 FETCH (BODY[] )', 'P1 OK [APPENDUID 7 42] done', '+ go']);
  });

  it('reads tagged answers with their codes, untagged lines and continuations', () => {
    expect(parseResponse('P3 NO [OVERQUOTA] Quota exceeded (mailbox for user is full)')).toEqual({
      kind: 'tagged',
      tag: 'P3',
      status: 'NO',
      code: 'OVERQUOTA',
      text: 'Quota exceeded (mailbox for user is full)',
    });
    expect(parseResponse('P4 ok Append completed.')).toMatchObject({ kind: 'tagged', status: 'OK', code: null, text: 'Append completed.' });
    expect(parseResponse('* BYE shutting down')).toEqual({ kind: 'untagged', text: 'BYE shutting down' });
    expect(parseResponse('+ OK')).toEqual({ kind: 'continuation', text: 'OK' });
    expect(capabilitiesIn('CAPABILITY IMAP4rev1 LITERAL+ auth=plain')).toEqual(new Set(['IMAP4REV1', 'LITERAL+', 'AUTH=PLAIN']));
    expect(capabilitiesIn('APPENDUID 1 2')).toBeNull();
  });

  it('writes mailbox names in modified UTF-7, quoted, and internal dates in UTC', () => {
    expect(mailboxArgument('Réunions/Été 2019')).toBe('"R&AOk-unions/&AMk-t&AOk- 2019"');
    expect(mailboxArgument('Tom & Jerry "quotes" \\')).toBe('"Tom &- Jerry \\"quotes\\" \\\\"');
    expect(mailboxArgument('INBOX')).toBe('"INBOX"');
    expect(internalDateArgument(new Date('2019-03-05T09:07:01.900Z'))).toBe('"05-Mar-2019 09:07:01 +0000"');
  });
});
