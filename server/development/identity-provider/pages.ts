/**
 * The embedded development provider's pages: the single sign-on's login (the scenario accounts, one
 * button each labelled with its address, and a field for any other address), the development
 * "Google" and "Microsoft" consent (the address, the requested scopes as checkboxes, Allow or
 * Deny), and its error page. No scripts, no inline styles; every value escaped. The sign-in and
 * consent pages speak the portal's language of the visit (English or Spanish, the testSignIn section
 * of the catalog); the error page, reached where no request says a language, speaks English.
 */
import { errorWords } from '../../../contract/words/en/errors.ts';
import { testSignInWords } from '../../../contract/words/en/test-sign-in.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/words/languages.ts';
import { say, sayer } from '../../../contract/words/translate.ts';
import type { ScenarioAccount } from '../scenarios.ts';
import { document, html, type SafeHtml } from './html.ts';

export const SIGN_IN_TITLE = testSignInWords.en.signInTitle;

/** The address typed into a form that was refused, shown again with the reason (it is not an address). */
export type Refused = { value: string };

/**
 * The pages speak the language the portal asked for (`ui_locales`, decision 0033); its catalog must
 * have been loaded (`loadLanguage`) first.
 */
export function signInPage(
  action: string,
  accounts: readonly ScenarioAccount[],
  other?: Refused,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const t = sayer(language)(testSignInWords);
  const errorId = 'other-email-error';
  const buttons = accounts.map(
    (account, index) => html`<li>
<button type="submit" name="email" value="${account.email}" aria-describedby="scenario-${index}">${account.email}</button>
<span class="scenario" id="scenario-${index}">${account.label}</span>
</li>`,
  );
  return document(
    language,
    t('signInTitle'),
    html`<h1>${t('signInTitle')}</h1>
<p>${t('signInLead')}</p>
<p class="hint">${t('signInHint')}</p>
<h2 id="scenarios-heading">${t('scenarios')}</h2>
<form method="post" action="${action}" aria-labelledby="scenarios-heading">
<ul class="accounts">
${buttons}
</ul>
</form>
<h2 id="other-heading">${t('otherAddress')}</h2>
<form method="post" action="${action}" aria-labelledby="other-heading">
<label for="other-email">${t('otherLabel')}</label>
<div class="row">
<div><input id="other-email" type="email" name="email" autocomplete="email" required maxlength="254" value="${other?.value ?? ''}"${
      other ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
    }></div>
<button type="submit">${t('signIn')}</button>
</div>
${other ? html`<p class="error" id="${errorId}" role="alert">${say(language, errorWords, 'invalidEmail')}</p>` : ''}
</form>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="cancel" class="secondary">${t('cancel')}</button>
</form>`,
  );
}

export type ConsentView = {
  action: string;
  /** The provider as a person knows it, e.g. "Google". */
  displayName: string;
  /** The requested scopes a person may grant or refuse, with what each is for. */
  scopes: readonly { scope: string; use: 'mail' | 'contacts' }[];
  /** Those ticked (all, the first time). */
  granted: readonly string[];
  /** The address field (a login; `refused` when what was typed is not an address), or the account already signed in to this provider. */
  account: { kind: 'field'; value: string; refused?: boolean } | { kind: 'known'; email: string };
  language?: Language;
};

export function consentPage(view: ConsentView): string {
  const language = view.language ?? DEFAULT_LANGUAGE;
  const t = sayer(language)(testSignInWords);
  const name = view.displayName;
  const errorId = 'address-error';
  const checkboxes = view.scopes.map(
    ({ scope, use }) =>
      html`<label class="scope"><input type="checkbox" name="scope" value="${scope}"${
        view.granted.includes(scope) ? html` checked` : ''
      }> <span>${t(use)}</span></label>`,
  );
  const account: SafeHtml =
    view.account.kind === 'known'
      ? html`<p>${t('signedInAs')} <strong>${view.account.email}</strong>.</p>`
      : html`<label for="address">${t('accountAddress', { name })}</label>
<input id="address" type="email" name="email" autocomplete="email" required maxlength="254" value="${view.account.value}"${
          view.account.refused ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
        }>
${view.account.refused ? html`<p class="error" id="${errorId}" role="alert">${say(language, errorWords, 'invalidEmail')}</p>` : ''}`;
  return document(
    language,
    t('consentTitle', { name }),
    html`<h1>${t('consentHeading', { name })}</h1>
<p>${t('consentLead', { name })}</p>
<p class="hint">${t('consentHint', { name })}</p>
<form method="post" action="${view.action}">
${account}
<fieldset>
<legend>${t('mayDo')}</legend>
${checkboxes}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="allow">${t('allow')}</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>${t('deny')}</button>
</div>
</form>`,
  );
}

/** What the provider says when a request cannot go on (an unknown client, an expired interaction, …). */
export function errorPage(details: Readonly<Record<string, string>>): string {
  const lines = Object.entries(details).map(([key, value]) => html`<li><strong>${key}</strong>: ${value}</li>`);
  return document(
    DEFAULT_LANGUAGE,
    'The test sign-in had to stop',
    html`<h1>The sign-in had to stop</h1>
<p>The test sign-in could not do what was asked. Go back to the export portal and start again.</p>
<ul>
${lines}
</ul>`,
  );
}
