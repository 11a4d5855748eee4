/**
 * Development stand-in for a destination's OAuth consent screen: names the provider, lists the
 * requested permissions as checked checkboxes, asks for the destination address, Allow or Deny.
 * A real Google or Microsoft OAuth client implements the same ConsentProvider port.
 */
import * as v from 'valibot';
import { OperationSchema, type Operation } from '../../contract/index.ts';
import { OAUTH_DESTINATIONS, SCOPE_DESCRIPTIONS, type OAuthDestination } from './destinations.ts';
import { field, INVALID_ADDRESS_MESSAGE, parseAddress, readForm } from './form.ts';
import { document, formAction, html, pageResponse } from './html.ts';
import type { ConsentProvider, ConsentProviders, ConsentStart } from './providers.ts';

type Typed = { address: string; granted: readonly Operation[]; error: string };

const isOperation = (value: string): value is Operation => v.is(OperationSchema, value);

function consentPage(destination: OAuthDestination, flow: ConsentStart, typed?: Typed): string {
  const name = destination.displayName;
  const granted = typed?.granted ?? flow.scopes;
  const errorId = 'address-error';
  const scopes = flow.scopes.map(
    (scope) => html`<label class="scope"><input type="checkbox" name="scope" value="${scope}"${
      granted.includes(scope) ? html` checked` : ''
    }> <span>${SCOPE_DESCRIPTIONS[scope]}</span></label>`,
  );
  return document(
    `${name} consent (development)`,
    html`<p class="badge">Development consent page</p>
<h1>Allow access to your ${name} account</h1>
<p>The Northwave export portal asks for access to your ${name} account so it can copy your data into it.</p>
<form method="post" action="${formAction(flow.returnUrl)}">
<input type="hidden" name="state" value="${flow.state}">
<input type="hidden" name="flow" value="consent">
<label for="address">${name} account address</label>
<input id="address" type="email" name="email" autocomplete="email" required maxlength="254" value="${
      typed?.address ?? destination.exampleAddress
    }"${typed ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${typed ? html`<p class="error" id="${errorId}" role="alert">${typed.error}</p>` : ''}
<fieldset>
<legend>The export portal will be able to:</legend>
${scopes}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

export function createDevConsentProvider(destination: OAuthDestination): ConsentProvider {
  return {
    displayName: destination.displayName,
    async start(flow) {
      return pageResponse(consentPage(destination, flow));
    },
    async complete(request, flow) {
      const form = await readForm(request);
      const state = field(form, 'state') ?? new URL(request.url).searchParams.get('state');
      if (!form || field(form, 'decision') !== 'allow') return { kind: 'refused', state, error: 'EXTERNAL_OAUTH_ERROR' };
      const granted = form.getAll('scope').filter((scope): scope is Operation => typeof scope === 'string' && isOperation(scope));
      const typed = field(form, 'email') ?? '';
      const email = parseAddress(typed);
      if (!email) {
        const page = consentPage(destination, flow, { address: typed.slice(0, 254), granted, error: INVALID_ADDRESS_MESSAGE });
        return { kind: 'show', state, page: pageResponse(page, 400) };
      }
      return { kind: 'granted', state, email, scopes: granted };
    },
  };
}

/** A development consent page for every OAuth destination. */
export function createDevConsentProviders(): ConsentProviders {
  const providers: ConsentProviders = {};
  for (const [id, destination] of Object.entries(OAUTH_DESTINATIONS)) {
    providers[id as keyof typeof OAUTH_DESTINATIONS] = createDevConsentProvider(destination);
  }
  return providers;
}
