import { css } from '@emotion/react';
import { useErrorWords } from '../../words/use-error-words';
import { IntentLink } from '../../portal/intent-link';
import { colors, font, radii, space } from '../../theme/theme';
import { Alert, Button, Card, PageHeading, Spinner, buttonStyles } from '../../ui';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectIsBusy, selectJobStatus } from '../../../machines/index.ts';
import { CancelExportDialog } from './cancel-export-dialog';
import { CopyNewMail } from './copy-new-mail';
import { CountReceipt } from './count-receipt';
import { DownloadSignIn } from './download-sign-in';
import { FailedItems } from './failed-items';
import { OperationProgress, KIND_TEXT } from './operation-progress';
import { visuallyHidden } from '../../ui/visually-hidden';

const list = css`
  list-style: none;
  margin: 0 0 ${space(5)};
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  li {
    padding: ${space(4)};
  }
  li + li {
    border-top: 1px solid ${colors.border};
  }
`;

const announcer = css`
  ${visuallyHidden}
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(2)};
`;

// The ID on a line of its own, so that its place can be held before it is known.
const code = css`
  display: block;
  font-family: ${font.mono};
  font-size: ${font.size.sm};
  overflow-wrap: anywhere;
`;

// The page's first paint comes before its script has read the ID from the address: a bar the
// ID's size holds its line, so the look-up below does not move when the ID arrives.
const idPlaceholder = css`
  ${code};
  width: min(32ch, 100%);
  height: 1lh;
  border-radius: ${radii.sm};
  background: ${colors.lightGrey};
`;

/** `/status`: the export's progress per type (followed while it runs), or why it cannot be shown. */
export default function StatusScreen() {
  const sayError = useErrorWords();
  const send = usePortalSend();
  const view = usePortalSelector(selectJobStatus);
  const busy = usePortalSelector(selectIsBusy);
  const canRetry = usePortalCan({ type: 'STATUS.RETRY_REQUESTED' });
  const { exportId, operations, message } = view;
  const running = operations.some((operation) => operation.status === 'started');
  // Announced when something meaningful changes (a tenth of the way, the end), not on every count:
  // the page asks every 1.5 s, and a screen reader must not read numbers that often.
  const announcement = operations.map((operation) => `${KIND_TEXT[operation.kind]}: ${operation.announcement}.`).join(' ');

  return (
    <Card as="section">
      <PageHeading
        lead={
          (exportId || busy) && (
            <>Export ID {exportId ? <span css={code}>{exportId}</span> : <span css={idPlaceholder} aria-hidden="true" />}</>
          )
        }
      >
        Check your export status
      </PageHeading>
      <p role="status" aria-live="polite" css={announcer}>
        {busy ? '' : announcement}
      </p>
      {busy && <Spinner label="Fetching your export status..." />}
      {!busy && operations.length > 0 && (
        <ul css={list} aria-label="Export status by type">
          {operations.map((operation) => (
            <OperationProgress key={operation.kind} operation={operation} />
          ))}
        </ul>
      )}
      {!busy && running && (
        <p css={{ color: colors.muted }}>This page follows your export. You can also close it: we email you when it ends.</p>
      )}
      {!busy && view.downloadUrl && (
        <p>
          <a href={view.downloadUrl} css={buttonStyles('primary')}>
            Download your file
          </a>
          <span css={{ display: 'block', color: colors.muted, fontSize: font.size.sm, marginTop: space(2) }}>
            The download is available for two weeks.
          </span>
        </p>
      )}
      {!busy && <DownloadSignIn />}
      {!busy && view.leftOut && <p>{view.leftOut}</p>}
      {!busy && <CopyNewMail />}
      {!busy && <CountReceipt lines={view.receipt} />}
      {!busy && <FailedItems failures={view.failures} />}
      {!busy && view.reportUrl && (
        <p>
          <a href={view.reportUrl}>{view.failures?.reportLink ?? 'Download the list of items that could not be moved (CSV)'}</a>
        </p>
      )}
      {!busy && view.actionError && <Alert tone="error">{sayError(view.actionError)}</Alert>}
      {!busy && (
        <>
          {message && <Alert tone="error">{sayError(message)}</Alert>}
          <div css={actions}>
            {canRetry && (
              <Button variant={message ? 'primary' : 'secondary'} onClick={() => send({ type: 'STATUS.RETRY_REQUESTED' })}>
                {message ? 'Try again' : 'Refresh status'}
              </Button>
            )}
            {view.hold && (
              <Button variant="secondary" loading={view.hold.busy} onClick={() => view.hold && send({ type: view.hold.event })}>
                {view.hold.event === 'EXPORT.RESUME_REQUESTED' ? 'Resume export' : 'Pause export'}
              </Button>
            )}
            {view.canCancel && (
              <Button variant="secondary" onClick={() => send({ type: 'EXPORT.CANCEL_REQUESTED' })}>
                Cancel export
              </Button>
            )}
            {message && (
              <IntentLink intent={{ type: 'SUPPORT.OPENED' }} css={buttonStyles('secondary')}>
                Contact support
              </IntentLink>
            )}
            <IntentLink intent={{ type: 'HOME.REQUESTED' }} css={buttonStyles(canRetry || message ? 'secondary' : 'primary')}>
              Back to home
            </IntentLink>
          </div>
        </>
      )}
      {(view.confirmingCancel || view.cancelling) && <CancelExportDialog busy={view.cancelling} />}
    </Card>
  );
}
