/**
 * /start-migration (spec §2): the summary, the notification address (checked by the machine: 400 ms
 * after typing through the domain check, 800 ms for an empty field), Back and Start Export. Start
 * is enabled exactly when the machine would take it; while the export starts the button shows
 * progress, and a second click finds no transition, so only one export starts.
 */
import { Alert, Button, ButtonRow, Card, PageHeading, TextField } from '../../ui';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectFieldErrors, selectIsBusy, selectNotificationEmail } from '../../../machines/index.ts';
import { ExportSummary } from './export-summary';
import { BackButton } from '../wizard-buttons';
import { SCREEN_HEADINGS } from '../screen-headings';

export default function StartMigrationScreen() {
  const notificationEmail = usePortalSelector(selectNotificationEmail);
  const emailError = usePortalSelector((s) => selectFieldErrors(s).notificationEmail ?? null);
  const startError = usePortalSelector((s) => selectFieldErrors(s).start ?? null);
  const starting = usePortalSelector(selectIsBusy);
  const canStart = usePortalCan({ type: 'EXPORT.START_REQUESTED' });
  const send = usePortalSend();

  return (
    <Card as="section">
      <PageHeading lead={SCREEN_HEADINGS.startMigration.lead}>{SCREEN_HEADINGS.startMigration.title}</PageHeading>

      <ExportSummary />

      {startError && <Alert tone="error">{startError}</Alert>}

      <TextField
        label="Notification email"
        hint="We will send your export ID and progress updates to this address."
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        value={notificationEmail}
        error={emailError}
        onChange={(value) => send({ type: 'NOTIFICATION_EMAIL.CHANGED', value })}
      />

      <ButtonRow
        back={<BackButton />}
        next={
          <Button disabled={!canStart && !starting} loading={starting} onClick={() => send({ type: 'EXPORT.START_REQUESTED' })}>
            Start Export
          </Button>
        }
      />
    </Card>
  );
}
