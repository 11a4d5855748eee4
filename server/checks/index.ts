/**
 * The mailbox checks' real adapters (network). Their offline development stand-ins are the dev-*.ts
 * files beside them, which only the wiring imports (eslint.config.js, DEVELOPMENT_STAND_INS).
 */
export { createImapCredentialChecker, type ImapCredentialCheckerOptions } from './imap-credential-checker.ts';
export { createDnsImapResolver } from './dns-imap-resolver.ts';
export { createOutboundGuard, type OutboundGuard, type OutboundPolicy } from './outbound-guard.ts';
export { createDnsDomainValidator } from './dns-domain-validator.ts';
