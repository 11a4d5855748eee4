/**
 * The embedded development provider's pages: the single sign-on's login (the scenario accounts, one
 * button each labelled with its address, and a field for any other address), the development
 * "Google" and "Microsoft" consent (the address, the requested scopes as checkboxes, Allow or
 * Deny), and its error page. No scripts, no inline styles; every value escaped.
 */
import type { ScenarioAccount } from '../scenarios.ts';
import { document, html, type SafeHtml } from './html.ts';

export const SIGN_IN_TITLE = 'Northwave sign-in (development)';

/** A value typed into a form that was refused, shown again with the reason. */
export type Refused = { value: string; error: string };

export function signInPage(action: string, accounts: readonly ScenarioAccount[], other?: Refused): string {
  const errorId = 'other-email-error';
  const buttons = accounts.map(
    (account, index) => html`<li>
<button type="submit" name="email" value="${account.email}" aria-describedby="scenario-${index}">${account.email}</button>
<span class="scenario" id="scenario-${index}">${account.label}</span>
</li>`,
  );
  return document(
    SIGN_IN_TITLE,
    html`<h1>${SIGN_IN_TITLE}</h1>
<p>Sign in to the Northwave export portal.</p>
<p class="hint">This is a test sign-in. It is a real OpenID Connect sign-in that stands in for Northwave's own while none is set up. It asks for no password. Pick a test account to see the portal as that customer does.</p>
<h2 id="scenarios-heading">Scenario accounts</h2>
<form method="post" action="${action}" aria-labelledby="scenarios-heading">
<ul class="accounts">
${buttons}
</ul>
</form>
<h2 id="other-heading">Another address</h2>
<form method="post" action="${action}" aria-labelledby="other-heading">
<label for="other-email">Email address (treated as an active account)</label>
<div class="row">
<div><input id="other-email" type="email" name="email" autocomplete="email" required maxlength="254" value="${other?.value ?? ''}"${
      other ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
    }></div>
<button type="submit">Sign in</button>
</div>
${other ? html`<p class="error" id="${errorId}" role="alert">${other.error}</p>` : ''}
</form>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="cancel" class="secondary">Cancel sign-in</button>
</form>`,
  );
}

export type ConsentView = {
  action: string;
  /** The provider as a person knows it, e.g. "Google". */
  displayName: string;
  /** The requested scopes a person may grant or refuse, with their words. */
  scopes: readonly { scope: string; description: string }[];
  /** Those ticked (all, the first time). */
  granted: readonly string[];
  /** The address field (a login), or the account already signed in to this provider. */
  account: { kind: 'field'; value: string; refused?: string } | { kind: 'known'; email: string };
};

export function consentPage(view: ConsentView): string {
  const name = view.displayName;
  const errorId = 'address-error';
  const checkboxes = view.scopes.map(
    ({ scope, description }) =>
      html`<label class="scope"><input type="checkbox" name="scope" value="${scope}"${
        view.granted.includes(scope) ? html` checked` : ''
      }> <span>${description}</span></label>`,
  );
  const account: SafeHtml =
    view.account.kind === 'known'
      ? html`<p>Signed in as <strong>${view.account.email}</strong>.</p>`
      : html`<label for="address">${name} account address</label>
<input id="address" type="email" name="email" autocomplete="email" required maxlength="254" value="${view.account.value}"${
          view.account.refused ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
        }>
${view.account.refused ? html`<p class="error" id="${errorId}" role="alert">${view.account.refused}</p>` : ''}`;
  return document(
    `${name} consent (development sign-in)`,
    html`<h1>Allow access to your ${name} account</h1>
<p>The Northwave export portal asks to use your ${name} account, so it can copy your data into it.</p>
<p class="hint">This is a test page that stands in for ${name}. It asks for no password. If you untick a box or choose Deny, the portal gets the same answer ${name} would give.</p>
<form method="post" action="${view.action}">
${account}
<fieldset>
<legend>The export portal will be able to:</legend>
${checkboxes}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

/** What the provider says when a request cannot go on (an unknown client, an expired interaction, …). */
export function errorPage(details: Readonly<Record<string, string>>): string {
  const lines = Object.entries(details).map(([key, value]) => html`<li><strong>${key}</strong>: ${value}</li>`);
  return document(
    'The test sign-in had to stop',
    html`<h1>The sign-in had to stop</h1>
<p>The test sign-in could not do what was asked. Go back to the export portal and start again.</p>
<ul>
${lines}
</ul>`,
  );
}
