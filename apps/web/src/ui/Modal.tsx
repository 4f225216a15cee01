import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from './use-dismiss';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** What takes the focus on opening (a confirmation's safe choice); the close button otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for a question that needs an answer before anything goes on. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about (a confirmation's question). */
  describedBy?: string;
}

/** A dialog over the page: closes with its close button, Escape or a press on the backdrop. */
export function Modal({ title, onClose, children, testId, initialFocusRef, role = 'dialog', describedBy }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ active: true, onDismiss: onClose, containerRef: panelRef });

  // Keyboard users land in the dialog and get back where they were when it closes.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocusRef?.current ?? closeButtonRef.current)?.focus();
    return () => previouslyFocused?.focus();
  }, [initialFocusRef]);

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-testid={testId}
      >
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
