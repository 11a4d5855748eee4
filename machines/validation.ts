/**
 * The validation rules of spec §5 as pure functions returning the exact message, or null when valid.
 * The machine calls them from its actions and guards; views only render the result.
 */
import * as v from 'valibot';
import {
  DESTINATIONS,
  EmailAddressSchema,
  EmailHashSchema,
  ExportIdSchema,
  parseImapAddress,
  type SupportRequest,
} from '../contract/index.ts';
import { MESSAGES } from './errors.ts';

export const validateEmail = (value: string): string | null => (v.is(EmailAddressSchema, value) ? null : MESSAGES.invalidEmail);

/** Same provider, same address: the export would copy a mailbox onto itself. */
export const validateDifferentAddresses = (source: string | undefined, destination: string): string | null =>
  source && source.trim().toLowerCase() === destination.trim().toLowerCase() ? MESSAGES.sameAddress : null;

/** Known provider aliases a user may type instead of a host (§5 "typing a known provider alias"): every descriptor's. */
export const IMAP_ALIASES: Readonly<Record<string, string>> = Object.assign(
  {},
  ...DESTINATIONS.map((destination) => destination.imapAliases ?? {}),
);
export const mapImapAlias = (value: string): string => IMAP_ALIASES[value.trim().toLowerCase()] ?? value;

/** A host (optionally with a port) or an imap/imaps URL: the contract's one reading of it. */
export const isValidImapAddress = (raw: string): boolean => parseImapAddress(raw) !== null;
export const validateImapAddress = (value: string): string | null => (isValidImapAddress(value) ? null : MESSAGES.invalidImap);

/** The domain of an address for the domain-validation call, or null when the syntax is wrong. */
export const notificationDomain = (value: string): string | null =>
  validateEmail(value) === null ? (value.trim().split('@')[1] ?? null) : null;

export const validateExportId = (value: string): string | null => (v.is(ExportIdSchema, value.trim()) ? null : MESSAGES.invalidExportId);

export const isEmailHash = (value: string): boolean => v.is(EmailHashSchema, value);

/** The support form's fields are the support request as it is sent. */
export type SupportFields = SupportRequest;
export interface SupportErrors {
  email_address: string | null;
  issue: string | null;
}
/** Issue longer than 5 characters; provider address present and containing '@' (§5). */
export const validateSupportForm = (fields: SupportFields): SupportErrors => ({
  email_address: fields.email_address.includes('@') ? null : MESSAGES.invalidEmail,
  issue: fields.issue.trim().length > 5 ? null : 'Please describe the issue (more than 5 characters).',
});
export const isSupportFormValid = (fields: SupportFields): boolean => {
  const errors = validateSupportForm(fields);
  return errors.email_address === null && errors.issue === null;
};
