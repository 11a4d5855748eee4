/** Host and domain checks of the destination page and the notification email (§5, §7). */
import { Hono } from 'hono';
import { DomainValidationQuerySchema, ValidateImapRequestSchema, type OkResponse } from '../../contract/index.ts';
import * as v from 'valibot';
import { validated } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const isHostName = (host: string) => host.length <= 253 && host.includes('.') && host.split('.').every((l) => HOST_LABEL.test(l));

/** The host of "imap.example.com", "imap.example.com:993" or "imaps://imap.example.com:993"; null when none. */
export function imapHost(input: string): string | null {
  const text = input.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `imaps://${text}`);
    const host = url.hostname.replace(/\.$/, '');
    return isHostName(host) ? host.toLowerCase() : null;
  } catch {
    return null;
  }
}

const ImapBody = v.object({ imap: v.pipe(ValidateImapRequestSchema.entries.imap, v.minLength(1, 'An IMAP host is required.'), v.maxLength(2082)) });

export function checkRoutes(deps: RouteDeps) {
  const app = new Hono();

  app.post('/api/validate-imap/', validated('json', ImapBody), async (c) => {
    const host = imapHost(c.req.valid('json').imap);
    const answer: OkResponse = { ok: host !== null && (await deps.imapResolver.resolves(host)) };
    return c.json(answer);
  });

  app.get('/api/v2/domain-validation/', validated('query', DomainValidationQuerySchema), async (c) => {
    const domain = c.req.valid('query').domain.trim().toLowerCase().replace(/\.$/, '');
    const answer: OkResponse = { ok: isHostName(domain) && (await deps.domainValidator.acceptsMail(domain)) };
    return c.json(answer);
  });

  return app;
}
