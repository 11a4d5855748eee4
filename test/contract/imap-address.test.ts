/** The one reading of a custom IMAP host (contract/imap-address.ts): where to connect, and how. */
import { describe, expect, it } from 'vitest';
import { parseImapAddress } from '../../contract/index.ts';

describe('parseImapAddress', () => {
  it.each([
    ['imap.example.com', { host: 'imap.example.com', port: 993, security: 'tls' }],
    [' IMAP.Example.com. ', { host: 'imap.example.com', port: 993, security: 'tls' }],
    ['imap.example.com:993', { host: 'imap.example.com', port: 993, security: 'tls' }],
    ['imap.example.com:143', { host: 'imap.example.com', port: 143, security: 'starttls' }],
    ['imap.example.com:1993', { host: 'imap.example.com', port: 1993, security: 'tls' }],
    ['imaps://imap.example.com', { host: 'imap.example.com', port: 993, security: 'tls' }],
    ['imaps://imap.example.com:993', { host: 'imap.example.com', port: 993, security: 'tls' }],
    ['imaps://imap.example.com:143/', { host: 'imap.example.com', port: 143, security: 'tls' }],
    ['imap://imap.example.com', { host: 'imap.example.com', port: 143, security: 'starttls' }],
    ['imap://imap.example.com:143', { host: 'imap.example.com', port: 143, security: 'starttls' }],
    ['IMAP://imap.example.com:2143', { host: 'imap.example.com', port: 2143, security: 'starttls' }],
    ['192.0.2.7:993', { host: '192.0.2.7', port: 993, security: 'tls' }],
  ])('%j reads as %j', (text, address) => {
    expect(parseImapAddress(text)).toEqual(address);
  });

  it.each([
    '',
    '   ',
    'imap.example.com:0',
    'imap.example.com:70000',
    'imap.example.com:993:1',
    'imap.example.com:',
    'imap.example.com:99x',
    'ftp://imap.example.com',
    'http://imap.example.com',
    'imaps://',
    'imaps://imap.example.com/INBOX',
    'imaps://user:secret@imap.example.com',
    'imap.example.com?x=1',
    'localhost',
    'imap..example.com',
    '-bad.example.com',
    'imap.example.123',
    'not a host',
    `${'a'.repeat(63)}.${'b'.repeat(2030)}.com`,
  ])('%j is not an IMAP address', (text) => {
    expect(parseImapAddress(text)).toBeNull();
  });
});
