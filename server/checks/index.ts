/** The mailbox checks: a real adapter (network) and a development adapter (offline) for each port. */
export { createImapCredentialChecker, type ImapCredentialCheckerOptions } from './imap-credential-checker.ts';
export { createDevCredentialChecker, DEV_MAILBOX_PASSWORD } from './dev-credential-checker.ts';
export { createDnsImapResolver } from './dns-imap-resolver.ts';
export { createOutboundGuard, type OutboundGuard, type OutboundPolicy } from './outbound-guard.ts';
export { createDevImapResolver } from './dev-imap-resolver.ts';
export { createDnsDomainValidator } from './dns-domain-validator.ts';
export { createDevDomainValidator } from './dev-domain-validator.ts';
