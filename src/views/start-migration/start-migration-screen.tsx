/**
 * /start-migration (spec §2): the summary, the notification address (checked by the machine: 400 ms
 * after typing through the domain check, 800 ms for an empty field), Back and Start Export. Start
 * is enabled exactly when the machine would take it; while the export starts the button shows
 * progress, and a second click finds no transition, so only one export starts.
 */
import { startWords } from '../../../contract/words/en/start.ts';
import { useErrorWords } from '../../words/use-error-words';
import { useWords } from '../../words/use-words';
import { Alert, Button, ButtonRow, Card, PageHeading, TextField } from '../../ui';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectFieldErrors, selectIsBusy, selectNotificationEmail } from '../../../machines/index.ts';
import { ExportSummary } from './export-summary';
import { BackButton } from '../wizard-buttons';
import { useScreenHeading } from '../screen-headings';

export default function StartMigrationScreen() {
  const heading = useScreenHeading('startMigration');
  const notificationEmail = usePortalSelector(selectNotificationEmail);
  const emailError = usePortalSelector((s) => selectFieldErrors(s).notificationEmail ?? null);
  const startError = usePortalSelector((s) => selectFieldErrors(s).start ?? null);
  const starting = usePortalSelector(selectIsBusy);
  const canStart = usePortalCan({ type: 'EXPORT.START_REQUESTED' });
  const send = usePortalSend();
  const t = useWords(startWords);
  const error = useErrorWords();

  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>

      <ExportSummary />

      {startError && <Alert tone="error">{error(startError)}</Alert>}

      <TextField
        label={t('notificationEmail')}
        hint={t('notificationHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        value={notificationEmail}
        error={error(emailError)}
        onChange={(value) => send({ type: 'NOTIFICATION_EMAIL.CHANGED', value })}
      />

      <ButtonRow
        back={<BackButton />}
        next={
          <Button disabled={!canStart && !starting} loading={starting} onClick={() => send({ type: 'EXPORT.START_REQUESTED' })}>
            {t('startExport')}
          </Button>
        }
      />
    </Card>
  );
}
