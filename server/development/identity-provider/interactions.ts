/**
 * The embedded development provider's user interactions (oidc-provider hands the browser to
 * `/<issuer>/interaction/<uid>` when it needs a login or a consent):
 *  - sso: the scenario-account page; choosing an account logs in and consents at once (the portal
 *    is the provider's own application), Cancel answers access_denied.
 *  - each destination's server (server/destinations/): the address (when logging in) and the requested scopes as checkboxes; Allow
 *    grants the ticked ones and rejects the others, Deny answers access_denied.
 * An invalid address shows the page again with the reason; the interaction goes on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { consentAt } from '../../destinations/index.ts';
import type { ScenarioDirectory } from '../scenarios.ts';
import { parseAddress } from '../../identity/address.ts';
import { loadLanguage } from '../../../contract/words/translate.ts';
import { pickLanguage } from '../../../contract/words/languages.ts';
import { DESTINATION_SERVERS, scopesOf, type DestinationServer } from '../../identity/oauth/destination-servers.ts';
import { consentPage, errorPage, signInPage, type ConsentView } from './pages.ts';
import type { Issuer, IssuerName } from './issuers.ts';

const MAX_FORM_BYTES = 16 * 1024;

type Page = { status: number; body: string };

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No form-action: after the interaction the provider redirects the browser on to the portal's origin.
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function writePage(res: ServerResponse, page: Page): void {
  res.writeHead(page.status, PAGE_HEADERS);
  res.end(page.body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const part = chunk as Buffer;
    size += part.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(part);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The requested scopes a person may tick, with what each is for (openid, email and offline_access are not a choice). */
function choices(server: DestinationServer, requested: readonly string[]) {
  return (['mail', 'contacts'] as const).flatMap((use) =>
    (scopesOf(server, use) ?? []).filter((scope) => requested.includes(scope)).map((scope) => ({ scope, use })),
  );
}

export function createInteractions(issuers: ReadonlyMap<IssuerName, Issuer>, directory: ScenarioDirectory) {
  const expired: Page = {
    status: 400,
    body: errorPage({ error: 'This sign-in has expired or was already used. Go back to the export portal and start again.' }),
  };

  /** Ends the interaction with `result`; the provider takes the browser on (to the next step or the portal). */
  async function finish(
    provider: Provider,
    req: IncomingMessage,
    res: ServerResponse,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const returnTo = await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false });
    res.writeHead(303, { Location: returnTo, 'Cache-Control': 'no-store' });
    res.end();
  }

  async function grant(provider: Provider, accountId: string, clientId: string, granted: readonly string[], rejected: readonly string[]) {
    const record = new provider.Grant({ accountId, clientId });
    record.addOIDCScope([...granted]);
    if (rejected.length > 0) record.rejectOIDCScope([...rejected]);
    return record.save();
  }

  return async function handle(name: IssuerName, uid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const issuer = issuers.get(name);
    if (!issuer) return writePage(res, expired);
    const { provider } = issuer;
    const details = await provider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== uid) return writePage(res, expired);
    const action = `/${name}/interaction/${details.uid}`;
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const clientId = String(details.params.client_id);
    const login = details.prompt.name === 'login';
    const form = req.method === 'POST' ? await readForm(req) : null;
    // The portal asks in the visit's language (ui_locales, decision 0033); the pages speak it when they can.
    const language = pickLanguage(String(details.params.ui_locales ?? '').split(' '));
    await loadLanguage(language);

    if (name === 'sso') {
      if (!form)
        return writePage(res, {
          status: req.method === 'POST' ? 400 : 200,
          body: signInPage(action, directory.scenarios(), undefined, language),
        });
      if (form.get('decision') === 'cancel')
        return finish(provider, req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' });
      const typed = form.get('email') ?? '';
      const email = parseAddress(typed);
      if (!email)
        return writePage(res, {
          status: 400,
          body: signInPage(action, directory.scenarios(), { value: typed.slice(0, 254) }, language),
        });
      const grantId = await grant(provider, email, clientId, requested, []);
      return finish(provider, req, res, { login: { accountId: email }, consent: { grantId } });
    }

    const server = DESTINATION_SERVERS[name];
    const exampleAddress = consentAt(name).developmentAddress;
    const offered = choices(server, requested);
    const known = details.session?.accountId;
    const view = (granted: readonly string[], account: ConsentView['account']): Page => ({
      status: form ? 400 : 200,
      body: consentPage({ action, displayName: server.displayName, scopes: offered, granted, account, language }),
    });
    if (!form)
      return writePage(
        res,
        view(
          offered.map((one) => one.scope),
          login || !known ? { kind: 'field', value: exampleAddress } : { kind: 'known', email: known },
        ),
      );
    if (form.get('decision') !== 'allow')
      return finish(provider, req, res, { error: 'access_denied', error_description: 'The person denied the request.' });
    const ticked = form.getAll('scope').filter((scope) => offered.some((one) => one.scope === scope));
    const typed = form.get('email') ?? '';
    const email = login || !known ? parseAddress(typed) : known;
    if (!email) return writePage(res, view(ticked, { kind: 'field', value: typed.slice(0, 254), refused: true }));
    const choosable = new Set(offered.map((one) => one.scope));
    const grantId = await grant(
      provider,
      email,
      clientId,
      requested.filter((scope) => !choosable.has(scope) || ticked.includes(scope)),
      [...choosable].filter((scope) => !ticked.includes(scope)),
    );
    return finish(provider, req, res, login ? { login: { accountId: email }, consent: { grantId } } : { consent: { grantId } });
  };
}
