/**
 * Development stand-in for the provider's single sign-on: a page listing the scenario accounts,
 * one button each labelled with its address, and a field to sign in as any other address. No
 * password: this is for trying the portal offline, never for production (ADAPTERS=real replaces it).
 */
import type { AccountDirectory } from '../ports.ts';
import { document, formAction, html, pageResponse } from './html.ts';
import { field, INVALID_ADDRESS_MESSAGE, parseAddress, readForm } from './form.ts';
import type { IdentityProvider, SignInStart } from './providers.ts';

export const SIGN_IN_TITLE = 'Northwave sign-in (development)';

type OtherAddress = { value: string; error: string };

function signInPage(directory: AccountDirectory, flow: SignInStart, other?: OtherAddress): string {
  const hidden = html`<input type="hidden" name="state" value="${flow.state}">
<input type="hidden" name="flow" value="${flow.purpose}">`;
  const intro =
    flow.purpose === 'status'
      ? 'Sign in to list the exports started from your account.'
      : 'Sign in to export your email and contacts.';
  const accounts = directory.scenarios().map(
    (account, index) => html`<li>
<button type="submit" name="email" value="${account.email}" aria-describedby="scenario-${index}">${account.email}</button>
<span class="scenario" id="scenario-${index}">${account.label}</span>
</li>`,
  );
  const errorId = 'other-email-error';
  return document(
    SIGN_IN_TITLE,
    html`<p class="badge">Development sign-in</p>
<h1>${SIGN_IN_TITLE}</h1>
<p>${intro}</p>
<p class="hint">This page stands in for Northwave's single sign-on while the service runs with its development defaults. No password is asked: choose a scenario account to see the portal as that customer.</p>
<h2 id="scenarios-heading">Scenario accounts</h2>
<form method="post" action="${formAction(flow.returnUrl)}" aria-labelledby="scenarios-heading">
${hidden}
<ul class="accounts">
${accounts}
</ul>
</form>
<h2 id="other-heading">Another address</h2>
<form method="post" action="${formAction(flow.returnUrl)}" aria-labelledby="other-heading">
${hidden}
<label for="other-email">Email address (treated as an active account)</label>
<div class="row">
<div><input id="other-email" type="email" name="email" autocomplete="email" required maxlength="254" value="${other?.value ?? ''}"${
      other ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
    }></div>
<button type="submit">Sign in</button>
</div>
${other ? html`<p class="error" id="${errorId}" role="alert">${other.error}</p>` : ''}
</form>`,
  );
}

export function createDevIdentityProvider(directory: AccountDirectory): IdentityProvider {
  return {
    async start(flow) {
      return pageResponse(signInPage(directory, flow));
    },
    async complete(request, flow) {
      const form = await readForm(request);
      const state = field(form, 'state') ?? new URL(request.url).searchParams.get('state');
      if (!form) return { kind: 'refused', state, error: 'EXTERNAL_OAUTH_ERROR' };
      const typed = field(form, 'email') ?? '';
      const email = parseAddress(typed);
      if (!email) {
        const page = signInPage(directory, flow, { value: typed.slice(0, 254), error: INVALID_ADDRESS_MESSAGE });
        return { kind: 'show', state, page: pageResponse(page, 400) };
      }
      return { kind: 'signed-in', state, email };
    },
  };
}
