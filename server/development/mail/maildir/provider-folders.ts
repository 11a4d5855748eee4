/**
 * The folders a new mailbox at each destination provider already has, with their special use (each
 * destination's descriptor in server/destinations/ lists them as the provider does over IMAP), so
 * that a development export lands the way a real one would: sent mail in Gmail's `[Gmail]/Sent Mail`,
 * in Outlook.com's `Sent Items`, junk in Yahoo's `Bulk Mail`.
 */
import { serviceDestination, type DevelopmentFolders, type MailboxProvider } from '../../../destinations/index.ts';
import type { MailboxMeta } from './mailbox.ts';

export type { MailboxProvider } from '../../../destinations/index.ts';

/** The special folders of a new mailbox at this provider. */
export function providerFolders(provider: MailboxProvider): DevelopmentFolders {
  const service = serviceDestination(provider);
  if (!service) throw new Error(`No development mailbox stands in for ${provider}`);
  return service.development.folders;
}

/** mailbox.json of a new mailbox of this provider. */
export function providerMeta(provider: MailboxProvider): MailboxMeta {
  const { delimiter, folders } = providerFolders(provider);
  return { delimiter, specialUse: Object.fromEntries(Object.entries(folders).map(([role, segments]) => [segments.join(delimiter), role])) };
}
