import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from './Modal';
import './confirm-dialog.css';

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destroys or gives up something (a disband, a kick, gear consumed): the Confirm button says so. */
  danger?: boolean;
}

/** Asks the player; resolves true on Confirm, false on Cancel, Escape, the close button or a press outside. */
export type Confirm = (request: string | ConfirmOptions) => Promise<boolean>;

interface ConfirmDialogProps extends ConfirmOptions {
  onAnswer: (confirmed: boolean) => void;
}

/** The game's confirmation: a question with Cancel (focused, the safe choice) and Confirm. */
export function ConfirmDialog({
  message,
  title = 'Please confirm',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  onAnswer,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Modal
      title={title}
      onClose={() => onAnswer(false)}
      testId="confirm-dialog"
      initialFocusRef={cancelRef}
      role="alertdialog"
      describedBy={messageId}
    >
      <p id={messageId} className="confirm-dialog__message" data-testid="confirm-dialog-message">
        {message}
      </p>
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="button" data-testid="confirm-dialog-cancel" onClick={() => onAnswer(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button button--primary${danger ? ' confirm-dialog__confirm--danger' : ''}`}
          data-testid="confirm-dialog-confirm"
          onClick={() => onAnswer(true)}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

const ConfirmContext = createContext<Confirm | null>(null);

/** The app's confirmation (inside a ConfirmProvider, which the app shell mounts). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm is used outside a ConfirmProvider');
  return confirm;
}

interface OpenQuestion {
  id: number;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Shows one question at a time: a new one answers the open one with a cancel. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenQuestion | null>(null);
  // The question being asked, read by the callbacks without re-creating them.
  const openRef = useRef<OpenQuestion | null>(null);
  const nextId = useRef(0);

  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        openRef.current?.resolve(false);
        nextId.current += 1;
        const question = { id: nextId.current, options: typeof request === 'string' ? { message: request } : request, resolve };
        openRef.current = question;
        setOpen(question);
      }),
    [],
  );

  const answer = useCallback((confirmed: boolean) => {
    openRef.current?.resolve(confirmed);
    openRef.current = null;
    setOpen(null);
  }, []);

  // A question left open when the app goes away is a cancel.
  useEffect(() => () => openRef.current?.resolve(false), []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open && <ConfirmDialog key={open.id} {...open.options} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}
