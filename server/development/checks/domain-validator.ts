/**
 * Development DomainValidator: answers offline for example.com (the provider's own domain in
 * development) and the major mail providers; every other domain is treated as unable to receive mail.
 */
import type { DomainValidator } from '../../ports.ts';
import { KNOWN_MAIL_DOMAINS, normalizeHost } from '../../checks/known-mail-hosts.ts';

export function createDevDomainValidator(): DomainValidator {
  return {
    async acceptsMail(domain) {
      return Object.hasOwn(KNOWN_MAIL_DOMAINS, normalizeHost(domain));
    },
  };
}
