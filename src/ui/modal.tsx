import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { css, keyframes } from '@emotion/react';
import { colors, font, mediaUp, radii, shadows, space } from '../theme/theme';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

const backdrop = css`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  padding: ${space(3)};
  background: rgba(43, 23, 64, 0.55);
  animation: ${fadeIn} 150ms ease-out;
  ${mediaUp('sm')} {
    align-items: center;
    padding: ${space(6)};
  }
`;

const panel = css`
  position: relative;
  width: 100%;
  max-width: 520px;
  max-height: calc(100vh - 24px);
  overflow-y: auto;
  padding: ${space(6)} ${space(5)} ${space(5)};
  background: ${colors.surface};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.modal};
  animation: ${rise} 180ms ease-out;
  ${mediaUp('sm')} {
    padding: ${space(8)} ${space(8)} ${space(7)};
  }
`;

const titleStyle = css`
  font-size: ${font.size.xl};
  color: ${colors.dark};
  margin: 0 ${space(8)} ${space(3)} 0;
`;

const closeButton = css`
  position: absolute;
  top: ${space(3)};
  right: ${space(3)};
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${colors.muted};
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${colors.lightGrey};
    color: ${colors.dark};
  }
`;

export type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for confirmations and errors that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Label of the corner close button. */
  closeLabel?: string;
};

/**
 * A modal dialog: labelled by its title, keeps Tab inside, closes on Escape or the close button,
 * and gives focus back to whatever opened it. The page behind is made inert while it is open.
 */
export function Modal({ title, onClose, children, role = 'dialog', closeLabel = 'Close' }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Who had focus before the dialog opened (captured at first render, before any autoFocus inside).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const node = panelRef.current;
    if (!node) return;
    // Focus the control marked data-autofocus (the dialog's first step), else the first field if
    // there is one (the user came to type), else the dialog itself, unless a control inside already
    // took focus (autoFocus; it can miss while the portal's host is not yet in the document).
    if (!node.contains(document.activeElement)) {
      const firstField = node.querySelector<HTMLElement>('[data-autofocus], input:not([disabled]), textarea, select');
      (firstField ?? node).focus();
    }

    // Everything outside the dialog leaves the tab order and the accessibility tree.
    const host = node.closest('[data-modal-host]');
    const siblings = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.inert,
    );
    siblings.forEach((el) => (el.inert = true));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      siblings.forEach((el) => (el.inert = false));
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return createPortal(
    <div data-modal-host="" css={backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panelRef} css={panel} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} css={titleStyle}>
          {title}
        </h2>
        {children}
        <button type="button" css={closeButton} onClick={onClose} aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>,
    document.body,
  );
}
