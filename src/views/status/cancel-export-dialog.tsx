/**
 * The confirmation before stopping an export (the status page's and the complete page's Cancel).
 * What was already copied stays where it is; a cancelled file export offers no file. While the
 * cancel is sent, the confirming button shows it is busy and nothing can be pressed twice.
 */
import { css } from '@emotion/react';
import { Button, Modal } from '../../ui';
import { mediaUp, space } from '../../theme/theme';
import { usePortalSend } from '../../app/portal-context';

const row = css`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space(3)};
  margin-top: ${space(6)};
  ${mediaUp('sm')} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;

export function CancelExportDialog({ busy }: { busy: boolean }) {
  const send = usePortalSend();
  const dismiss = () => send({ type: 'EXPORT.CANCEL_DISMISSED' });
  return (
    <Modal title="Stop this export?" role="alertdialog" onClose={dismiss} closeLabel="Keep exporting">
      <p>
        Nothing more will be copied. What has already arrived at the destination stays there; a file export will not be offered for
        download. You can start a new export afterwards.
      </p>
      <div css={row}>
        <Button variant="secondary" onClick={dismiss} disabled={busy}>
          Keep exporting
        </Button>
        <Button onClick={() => send({ type: 'EXPORT.CANCEL_CONFIRMED' })} loading={busy}>
          Yes, stop the export
        </Button>
      </div>
    </Modal>
  );
}
