import { css } from '@emotion/react';
import { completeWords } from '../../../contract/words/en/complete.ts';
import { useWords } from '../../words/use-words';
import { useErrorWords } from '../../words/use-error-words';
import { IntentLink } from '../../portal/intent-link';
import { colors, font, mediaUp, space } from '../../theme/theme';
import { Alert, Button, Card, PageHeading, buttonStyles } from '../../ui';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectCopied, selectExportId, selectCompleteCancel } from '../../../machines/index.ts';
import { CancelExportDialog } from '../status/cancel-export-dialog';
import { useScreenHeading } from '../screen-headings';

const idRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: stretch;
  input {
    flex: 1 1 280px;
    min-width: 0;
    min-height: 48px;
    padding: ${space(2)} ${space(3)};
    font-family: ${font.mono};
    font-size: ${font.size.xs}; /* 32 characters fit a phone's width */
    ${mediaUp('sm')} {
      font-size: ${font.size.md};
    }
    color: ${colors.dark};
    background: ${colors.lightGrey};
    border: 1.5px dashed ${colors.borderStrong};
    border-radius: 6px;
  }
`;

const next = css`
  margin: ${space(6)} 0 0;
  padding-left: ${space(5)};
  li {
    margin-bottom: ${space(2)};
  }
`;

const links = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(8)};
`;

/** `/complete`: the export has started; show its ID to keep. */
export default function CompleteScreen() {
  const sayError = useErrorWords();
  const heading = useScreenHeading('complete');
  const send = usePortalSend();
  const exportId = usePortalSelector(selectExportId) ?? '';
  const copied = usePortalSelector(selectCopied);
  const cancel = usePortalSelector(selectCompleteCancel, sameData);
  const t = useWords(completeWords);
  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>
      <label htmlFor="export-id" css={{ display: 'block', fontWeight: font.weight.bold, marginBottom: space(2) }}>
        {t('yourId')}
      </label>
      <div css={idRow}>
        <input id="export-id" value={exportId} readOnly onFocus={(e) => e.currentTarget.select()} aria-describedby="export-id-hint" />
        <Button variant="secondary" onClick={() => send({ type: 'EXPORT_ID.COPY_REQUESTED' })}>
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
      <p id="export-id-hint" css={{ color: colors.muted, fontSize: font.size.sm, margin: `${space(2)} 0 0` }}>
        {t('idHint')}
      </p>
      <div aria-live="polite" css={{ minHeight: 0 }}>
        {copied && (
          <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0,0,0,0)' }}>{t('copied')}</span>
        )}
      </div>
      <h2 css={{ fontSize: font.size.lg, marginTop: space(8) }}>{t('nextTitle')}</h2>
      <ol css={next}>
        <li>{t('nextCopy')}</li>
        <li>{t('nextMail')}</li>
        <li>{t('nextDownload')}</li>
      </ol>
      <Alert tone="info">{t('help')}</Alert>
      {cancel.error && <Alert tone="error">{sayError(cancel.error)}</Alert>}
      <div css={links}>
        <IntentLink intent={{ type: 'STATUS.OPENED', exportId }} css={buttonStyles('primary')}>
          {t('follow')}
        </IntentLink>
        <IntentLink intent={{ type: 'HOME.REQUESTED' }} css={buttonStyles('secondary')}>
          {t('backToHome')}
        </IntentLink>
        <IntentLink intent={{ type: 'SUPPORT.OPENED' }} css={buttonStyles('secondary')}>
          {t('contactSupport')}
        </IntentLink>
        <Button variant="secondary" onClick={() => send({ type: 'EXPORT.CANCEL_REQUESTED' })}>
          {t('cancel')}
        </Button>
      </div>
      {(cancel.confirming || cancel.cancelling) && <CancelExportDialog busy={cancel.cancelling} />}
    </Card>
  );
}
