/**
 * The confirmation before stopping an export (the status page's and the complete page's Cancel).
 * What was already copied stays where it is; a cancelled file export offers no file. While the
 * cancel is sent, the confirming button shows it is busy and nothing can be pressed twice.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';
import { useStatusWords } from './use-status-words';

export function CancelExportDialog({ busy }: { busy: boolean }) {
  const send = usePortalSend();
  const t = useStatusWords();
  return (
    <ConfirmDialog
      title={t('cancelTitle')}
      keepLabel={t('keepExporting')}
      confirmLabel={t('confirmCancel')}
      onKeep={() => send({ type: 'EXPORT.CANCEL_DISMISSED' })}
      onConfirm={() => send({ type: 'EXPORT.CANCEL_CONFIRMED' })}
      busy={busy}
    >
      <p>{t('cancelBody')}</p>
    </ConfirmDialog>
  );
}
