/**
 * A question before a step that is hard to take back (stop an export, close an account, cancel a
 * closure): a focus-trapped alert dialog with what the step means, a way to keep things as they
 * are (also Escape and the close button) and the button that goes ahead.
 */
import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { mediaUp, space } from '../theme/theme';
import { Button } from './button';
import { Modal } from './modal';

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

export type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
  /** The step was asked for and is under way: the confirming button says so, and nothing can be pressed twice. */
  busy?: boolean;
};

export function ConfirmDialog({ title, children, keepLabel, confirmLabel, onKeep, onConfirm, busy = false }: ConfirmDialogProps) {
  return (
    <Modal title={title} role="alertdialog" onClose={onKeep} closeLabel={keepLabel}>
      {children}
      <div css={row}>
        <Button variant="secondary" onClick={onKeep} disabled={busy}>
          {keepLabel}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
