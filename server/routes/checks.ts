/** Host and domain checks of the destination page and the notification email (§5, §7). */
import { Hono } from 'hono';
import * as v from 'valibot';
import { DomainValidationQuerySchema, parseImapAddress, ValidateImapRequestSchema, type OkResponse } from '../../contract/index.ts';
import { validated } from '../http/errors.ts';
import { requestLimit } from '../limits/request-limit.ts';
import type { RouteDeps } from './deps.ts';

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const isHostName = (host: string) => host.length <= 253 && host.includes('.') && host.split('.').every((l) => HOST_LABEL.test(l));

const ImapBody = v.object({
  imap: v.pipe(ValidateImapRequestSchema.entries.imap, v.minLength(1, 'An IMAP host is required.'), v.maxLength(2082)),
});

export function checkRoutes(deps: Pick<RouteDeps, 'config' | 'domainValidator' | 'imapResolver' | 'limits'>) {
  const app = new Hono();
  // Anyone may ask, and each question costs DNS look-ups (ours, and the domain's servers'): per client address.
  const lookups = requestLimit(deps.limits.requests.lookups, { trustedProxyHops: deps.config.trustedProxyHops });
  app.use('/api/validate-imap/', lookups);
  app.use('/api/v2/domain-validation/', lookups);

  app.post('/api/validate-imap/', validated('json', ImapBody), async (c) => {
    // The same reading as the browser's rule, the credentials check and the export (contract/imap-address.ts).
    const address = parseImapAddress(c.req.valid('json').imap);
    const answer: OkResponse = { ok: address !== null && (await deps.imapResolver.resolves(address.host)) };
    return c.json(answer);
  });

  app.get('/api/v2/domain-validation/', validated('query', DomainValidationQuerySchema), async (c) => {
    const domain = c.req.valid('query').domain.trim().toLowerCase().replace(/\.$/, '');
    const answer: OkResponse = { ok: isHostName(domain) && (await deps.domainValidator.acceptsMail(domain)) };
    return c.json(answer);
  });

  return app;
}
