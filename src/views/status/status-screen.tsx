import { css } from '@emotion/react';
import { useErrorWords } from '../../words/use-error-words';
import { IntentLink } from '../../portal/intent-link';
import { colors, font, radii, space } from '../../theme/theme';
import { Alert, Button, Card, PageHeading, Spinner, buttonStyles } from '../../ui';
import { sameData, usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectIsBusy, selectJobStatus } from '../../../machines/index.ts';
import { CancelExportDialog } from './cancel-export-dialog';
import { CopyNewMail } from './copy-new-mail';
import { CountReceipt } from './count-receipt';
import { DownloadSignIn } from './download-sign-in';
import { FailedItems } from './failed-items';
import { OperationProgress, KIND_WORDS } from './operation-progress';
import { useStatusWords } from './use-status-words';
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
  const t = useStatusWords();
  const send = usePortalSend();
  const view = usePortalSelector(selectJobStatus, sameData);
  const busy = usePortalSelector(selectIsBusy);
  const canRetry = usePortalCan({ type: 'STATUS.RETRY_REQUESTED' });
  const { exportId, operations, message } = view;
  const running = operations.some((operation) => operation.status === 'started');
  // Announced when something meaningful changes (a tenth of the way, the end), not on every count:
  // the page asks every 1.5 s, and a screen reader must not read numbers that often.
  const announcement = operations
    .map((operation) => t('announce', { kind: t(KIND_WORDS[operation.kind]), text: t.phrase(operation.announcement) }))
    .join(' ');

  return (
    <Card as="section">
      <PageHeading
        lead={
          (exportId || busy) && (
            <>
              {t('exportId')} {exportId ? <span css={code}>{exportId}</span> : <span css={idPlaceholder} aria-hidden="true" />}
            </>
          )
        }
      >
        {t('title')}
      </PageHeading>
      <p role="status" aria-live="polite" css={announcer}>
        {busy ? '' : announcement}
      </p>
      {busy && <Spinner label={t('fetching')} />}
      {!busy && operations.length > 0 && (
        <ul css={list} aria-label={t('byType')}>
          {operations.map((operation) => (
            <OperationProgress key={operation.kind} operation={operation} />
          ))}
        </ul>
      )}
      {!busy && running && <p css={{ color: colors.muted }}>{t('follows')}</p>}
      {!busy && view.downloadUrl && (
        <p>
          <a href={view.downloadUrl} css={buttonStyles('primary')}>
            {t('download')}
          </a>
          <span css={{ display: 'block', color: colors.muted, fontSize: font.size.sm, marginTop: space(2) }}>{t('downloadFor')}</span>
        </p>
      )}
      {!busy && <DownloadSignIn />}
      {!busy && view.leftOut && <p>{t.phrase(view.leftOut)}</p>}
      {!busy && <CopyNewMail />}
      {!busy && <CountReceipt lines={view.receipt} />}
      {!busy && <FailedItems failures={view.failures} />}
      {!busy && view.reportUrl && (
        <p>
          <a href={view.reportUrl}>{view.failures ? t.phrase(view.failures.reportLink) : t('reportFailedLink')}</a>
        </p>
      )}
      {!busy && view.actionError && <Alert tone="error">{sayError(view.actionError)}</Alert>}
      {!busy && (
        <>
          {message && <Alert tone="error">{sayError(message)}</Alert>}
          <div css={actions}>
            {canRetry && (
              <Button variant={message ? 'primary' : 'secondary'} onClick={() => send({ type: 'STATUS.RETRY_REQUESTED' })}>
                {message ? t('tryAgain') : t('refresh')}
              </Button>
            )}
            {view.hold && (
              <Button variant="secondary" loading={view.hold.busy} onClick={() => view.hold && send({ type: view.hold.event })}>
                {view.hold.event === 'EXPORT.RESUME_REQUESTED' ? t('resume') : t('pause')}
              </Button>
            )}
            {view.canCancel && (
              <Button variant="secondary" onClick={() => send({ type: 'EXPORT.CANCEL_REQUESTED' })}>
                {t('cancel')}
              </Button>
            )}
            {message && (
              <IntentLink intent={{ type: 'SUPPORT.OPENED' }} css={buttonStyles('secondary')}>
                {t('contactSupport')}
              </IntentLink>
            )}
            <IntentLink intent={{ type: 'HOME.REQUESTED' }} css={buttonStyles(canRetry || message ? 'secondary' : 'primary')}>
              {t('backToHome')}
            </IntentLink>
          </div>
        </>
      )}
      {(view.confirmingCancel || view.cancelling) && <CancelExportDialog busy={view.cancelling} />}
    </Card>
  );
}
