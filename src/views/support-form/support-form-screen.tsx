import type { FormEvent } from 'react';
import { supportWords } from '../../../contract/words/en/support.ts';
import { useWords } from '../../words/use-words';
import { useErrorWords } from '../../words/use-error-words';
import { Alert, Button, Card, PageHeading, TextArea, TextField } from '../../ui';
import { brand } from '../../config/brand';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectSupportForm } from '../../../machines/index.ts';
import type { SupportFields } from '../../../machines/index.ts';
import { SUPPORT_LIMITS } from '../../../contract/index.ts';

/** `/support-form`: contact support; the machine clears the form once it is sent. */
export default function SupportFormScreen() {
  const sayError = useErrorWords();
  const send = usePortalSend();
  const t = useWords(supportWords);
  const { fields, emailError, sent, sending, error } = usePortalSelector(selectSupportForm);
  const canSubmit = usePortalCan({ type: 'SUPPORT.SUBMITTED' });
  const change = (field: keyof SupportFields) => (value: string) => send({ type: 'SUPPORT.FIELD_CHANGED', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUPPORT.SUBMITTED' });
  };

  return (
    <Card as="section">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      {sent && (
        <Alert tone="success" title={t('thanks')}>
          {t('reply')}
        </Alert>
      )}
      {error && <Alert tone="error">{sayError(error)}</Alert>}
      <form onSubmit={submit} noValidate aria-label={t('title')}>
        <TextField
          label={t('yourAddress', { provider: brand.providerName })}
          type="email"
          autoComplete="email"
          required
          maxLength={SUPPORT_LIMITS.address}
          value={fields.email_address}
          onChange={change('email_address')}
          error={sayError(emailError)}
        />
        <TextField
          label={t('destination')}
          hint={t('destinationHint')}
          type="email"
          maxLength={SUPPORT_LIMITS.address}
          value={fields.destination_email}
          onChange={change('destination_email')}
        />
        <TextField
          label={t('exportId')}
          maxLength={SUPPORT_LIMITS.exportId}
          autoComplete="off"
          spellCheck={false}
          value={fields.migration_id}
          onChange={change('migration_id')}
        />
        <TextArea
          label={t('issue')}
          hint={t('issueHint', { max: SUPPORT_LIMITS.issue })}
          required
          maxLength={SUPPORT_LIMITS.issue}
          value={fields.issue}
          onChange={change('issue')}
        />
        <Button type="submit" disabled={!canSubmit && !sending} loading={sending}>
          {t('submit')}
        </Button>
      </form>
    </Card>
  );
}
