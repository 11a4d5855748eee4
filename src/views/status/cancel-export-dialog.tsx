/**
 * The confirmation before stopping an export (the status page's and the complete page's Cancel).
 * What was already copied stays where it is; a cancelled file export offers no file. While the
 * cancel is sent, the confirming button shows it is busy and nothing can be pressed twice.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';

export function CancelExportDialog({ busy }: { busy: boolean }) {
  const send = usePortalSend();
  return (
    <ConfirmDialog
      title="Stop this export?"
      keepLabel="Keep exporting"
      confirmLabel="Yes, stop the export"
      onKeep={() => send({ type: 'EXPORT.CANCEL_DISMISSED' })}
      onConfirm={() => send({ type: 'EXPORT.CANCEL_CONFIRMED' })}
      busy={busy}
    >
      <p>
        Nothing more will be copied. What has already arrived at the destination stays there; a file export will not be offered for
        download. You can start a new export afterwards.
      </p>
    </ConfirmDialog>
  );
}
