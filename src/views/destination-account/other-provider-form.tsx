/**
 * A password destination's fields (spec §5 for Other): email, password, and, for Other, an optional
 * custom IMAP host checked when the field is left. Its heading and line are its descriptor's. Every
 * value and message lives in the machine; this form only shows them and reports typing, toggling and
 * leaving the IMAP field.
 */
import { css } from '@emotion/react';
import { destinationScreenWords } from '../../../contract/words/en/destination.ts';
import { useWords } from '../../words/use-words';
import { useErrorWords } from '../../words/use-error-words';
import { destinationSays } from './provider-labels';
import { Alert, Checkbox, PasswordField, TextField } from '../../ui';
import { colors, radii, space, mediaUp } from '../../theme/theme';
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectLanguage, selectOtherForm, selectPasswordFormWords } from '../../../machines/index.ts';

const panel = css`
  margin-top: ${space(2)};
  padding: ${space(4)};
  border: 1px solid ${colors.primarySoftBorder};
  border-radius: ${radii.md};
  background: ${colors.lightGrey};
  ${mediaUp('md')} {
    padding: ${space(6)};
  }
`;

const legend = css`
  font-weight: 700;
  font-size: 1.05rem;
  margin: 0 0 ${space(1)};
`;

const intro = css`
  margin: 0 0 ${space(4)};
  color: ${colors.muted};
`;

export function OtherProviderForm() {
  const form = usePortalSelector(selectOtherForm);
  const words = usePortalSelector(selectPasswordFormWords);
  const send = usePortalSend();
  const language = usePortalSelector(selectLanguage);
  const t = useWords(destinationScreenWords);
  const error = useErrorWords();

  return (
    <section css={panel} aria-labelledby="other-provider-title">
      <h2 id="other-provider-title" css={legend}>
        {destinationSays(language, words.title)}
      </h2>
      <p css={intro}>{destinationSays(language, words.intro)}</p>

      {form.errors.form && <Alert tone="error">{error(form.errors.form)}</Alert>}
      {/* The credentials check can blame the IMAP host while the IMAP field is hidden: say it here. */}
      {form.errors.imap && !form.customImap && (
        <Alert tone="error" title={error(form.errors.imap) ?? undefined}>
          {words.customImap && <p>{t('customImapHelp')}</p>}
        </Alert>
      )}

      <TextField
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        value={form.email}
        error={error(form.errors.email)}
        onChange={(value) => send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value })}
      />
      <PasswordField
        label={t('password')}
        // The destination account's password, not one for this site: keep the browser from saving it here.
        autoComplete="off"
        value={form.password}
        onChange={(value) => send({ type: 'OTHER.FIELD_CHANGED', field: 'password', value })}
      />
      {words.customImap && (
        <Checkbox
          label={t('customImap')}
          hint={t('customImapHint')}
          checked={form.customImap}
          onChange={(enabled) => send({ type: 'OTHER.CUSTOM_IMAP_TOGGLED', enabled })}
        />
      )}
      {form.customImap && (
        <TextField
          label={t('imapServer')}
          hint={t('imapServerHint')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={2082}
          value={form.imap}
          error={error(form.errors.imap)}
          onChange={(value) => send({ type: 'OTHER.FIELD_CHANGED', field: 'imap', value })}
          onBlur={() => send({ type: 'OTHER.IMAP_BLURRED' })}
        />
      )}
    </section>
  );
}
