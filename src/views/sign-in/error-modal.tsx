import { colors, space } from '../../theme/theme';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { usePortalSelector, usePortalSend } from '../../app/portal-context';
import { selectErrorModal } from '../../../machines/selectors';

/** The sign-in error of §8, from the query or #error; closing it tells the machine. */
export default function ErrorModal() {
  const send = usePortalSend();
  const error = usePortalSelector(selectErrorModal);
  if (!error) return null;
  const dismiss = () => send({ type: 'ERROR_MODAL.DISMISSED' });
  return (
    <Modal role="alertdialog" title={error.title} onClose={dismiss}>
      <p css={{ margin: `0 0 ${space(6)}`, color: colors.dark }}>{error.message}</p>
      <Button onClick={dismiss} css={{ width: '100%' }} autoFocus>
        OK
      </Button>
    </Modal>
  );
}
