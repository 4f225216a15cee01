import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from './use-dismiss';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/** A dialog over the page: closes with its close button, Escape or a press on the backdrop. */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ active: true, onDismiss: onClose, containerRef: panelRef });

  // Keyboard users land in the dialog and get back where they were when it closes.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButtonRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  return createPortal(
    <div className="modal-backdrop">
      <div ref={panelRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button ref={closeButtonRef} type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
