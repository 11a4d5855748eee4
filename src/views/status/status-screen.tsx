import { css } from '@emotion/react';
import { IntentLink } from '../../app/intent-link';
import { colors, font, radii, space } from '../../theme/theme';
import { Alert, Button, Card, PageHeading, Spinner, buttonStyles } from '../../ui';
import { usePortalCan, usePortalSelector } from '../../app/portal-context';
import { usePortalSend } from '../../app/portal-context';
import { selectIsBusy, selectJobStatus } from '../../../machines/selectors';
import type { JobStatus } from '../../../machines';

const STATUS_TEXT: Record<JobStatus, string> = { started: 'In progress', completed: 'Completed', error: 'Error' };
const STATUS_COLOR: Record<JobStatus, { fg: string; bg: string }> = {
  started: { fg: colors.info, bg: colors.infoSoft },
  completed: { fg: colors.success, bg: colors.successSoft },
  error: { fg: colors.error, bg: colors.errorSoft },
};
const KIND_TEXT = { emailmigration: 'Email', contactsmigration: 'Contacts' } as const;

const list = css`
  list-style: none;
  margin: 0 0 ${space(5)};
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${space(2)};
    padding: ${space(4)};
  }
  li + li {
    border-top: 1px solid ${colors.border};
  }
`;

const pill = (status: JobStatus) => css`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(1)} ${space(3)};
  border-radius: ${radii.pill};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  color: ${STATUS_COLOR[status].fg};
  background: ${STATUS_COLOR[status].bg};
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(2)};
`;

const code = css`
  font-family: ${font.mono};
  font-size: ${font.size.sm};
  overflow-wrap: anywhere;
`;

/** `/status`: the export's progress per type, or why it cannot be shown. */
export default function StatusScreen() {
  const send = usePortalSend();
  const { exportId, job, message } = usePortalSelector(selectJobStatus);
  const busy = usePortalSelector(selectIsBusy);
  const canRetry = usePortalCan({ type: 'STATUS.RETRY_REQUESTED' });
  const kinds = (['emailmigration', 'contactsmigration'] as const).filter((kind) => job?.[kind]);

  return (
    <Card as="section">
      <PageHeading lead={exportId ? <>Export ID <span css={code}>{exportId}</span></> : undefined}>
        Check your export status
      </PageHeading>
      {busy && <Spinner label="Fetching your export status..." />}
      {!busy && job && kinds.length > 0 && (
        <ul css={list} aria-label="Export status by type">
          {kinds.map((kind) => {
            const status = job[kind] ?? 'error';
            return (
              <li key={kind}>
                <span css={{ fontWeight: font.weight.bold }}>{KIND_TEXT[kind]}</span>
                <span css={pill(status)}>
                  <span aria-hidden="true">{status === 'completed' ? '✓' : status === 'error' ? '!' : '•'}</span>
                  {STATUS_TEXT[status]}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {!busy && job?.downloadUrl && (
        <p>
          <a href={job.downloadUrl} css={buttonStyles('primary')}>
            Download your file
          </a>
          <span css={{ display: 'block', color: colors.muted, fontSize: font.size.sm, marginTop: space(2) }}>
            The download is available for two weeks.
          </span>
        </p>
      )}
      {!busy && (
        <>
          {message && <Alert tone="error">{message}</Alert>}
          <div css={actions}>
            {canRetry && (
              <Button variant={message ? 'primary' : 'secondary'} onClick={() => send({ type: 'STATUS.RETRY_REQUESTED' })}>
                {message ? 'Try again' : 'Refresh status'}
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
    </Card>
  );
}
