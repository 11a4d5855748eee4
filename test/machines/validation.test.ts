import { describe, expect, it } from 'vitest';
import {
  isValidImapAddress,
  mapImapAlias,
  notificationDomain,
  validateDifferentAddresses,
  validateEmail,
  validateExportId,
  validateSupportForm,
  isSupportFormValid,
  MESSAGES,
} from '../../machines/index.ts';

describe('§5 validation rules', () => {
  it.each([
    ['user@example.com', null],
    ['  user@example.com ', null],
    ['user@', MESSAGES.invalidEmail],
    ['no-at-sign', MESSAGES.invalidEmail],
    [`${'a'.repeat(65)}@example.com`, MESSAGES.invalidEmail],
    [`a@${'b'.repeat(250)}.com`, MESSAGES.invalidEmail],
    ['', MESSAGES.invalidEmail],
  ])('email %j → %j', (value, expected) => {
    expect(validateEmail(value)).toBe(expected);
  });

  it.each([
    ['imap.example.com', true],
    ['imap.example.com:993', true],
    ['imaps://imap.example.com:993', true],
    ['imap.example.com:0', false],
    ['imap.example.com:65536', false],
    ['http://imap.example.com', false],
    ['not a host', false],
    ['localhost', false],
    ['-bad.example.com', false],
    [`imap.${'a'.repeat(2100)}.com`, false],
    ['', false],
  ])('IMAP address %j valid: %s', (value, expected) => {
    expect(isValidImapAddress(value)).toBe(expected);
  });

  it('maps known aliases to IMAP hosts and leaves the rest', () => {
    expect(mapImapAlias('gmail')).toBe('imap.gmail.com');
    expect(mapImapAlias('Outlook')).toBe('outlook.office365.com');
    expect(mapImapAlias('hotmail')).toBe('outlook.office365.com');
    expect(mapImapAlias('yahoo')).toBe('imap.mail.yahoo.com');
    expect(mapImapAlias('aol')).toBe('imap.aol.com');
    expect(mapImapAlias('icloud')).toBe('imap.mail.me.com');
    expect(mapImapAlias('imap.example.com')).toBe('imap.example.com');
  });

  it('asks for different addresses when source and destination are one', () => {
    expect(validateDifferentAddresses('a@b.com', ' A@B.com ')).toBe(MESSAGES.sameAddress);
    expect(validateDifferentAddresses('a@b.com', 'c@b.com')).toBeNull();
  });

  it('takes the notification domain only from a well-formed address', () => {
    expect(notificationDomain('me@example.org')).toBe('example.org');
    expect(notificationDomain('me@')).toBeNull();
  });

  it('export IDs are 32 alphanumerics', () => {
    expect(validateExportId('A'.repeat(32))).toBeNull();
    expect(validateExportId('A'.repeat(31))).toBe(MESSAGES.invalidExportId);
    expect(validateExportId(`${'A'.repeat(31)}-`)).toBe(MESSAGES.invalidExportId);
  });

  it('support form: issue longer than 5, provider address with @', () => {
    const fields = { email_address: 'me@x.com', destination_email: '', migration_id: '', issue: 'abcdef' };
    expect(isSupportFormValid(fields)).toBe(true);
    expect(isSupportFormValid({ ...fields, issue: 'abcde' })).toBe(false);
    expect(validateSupportForm({ ...fields, email_address: 'mex.com' }).email_address).toBe(MESSAGES.invalidEmail);
    expect(isSupportFormValid({ ...fields, email_address: '' })).toBe(false);
  });
});
