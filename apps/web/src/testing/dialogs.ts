import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ToastTone } from '../ui/Toasts';

/** The game's open confirmation (ui/ConfirmDialog), or null. */
export function openConfirmation(): HTMLElement | null {
  return screen.queryByTestId('confirm-dialog');
}

/**
 * Answers the game's open confirmation with a click on Confirm (true) or Cancel (false) and
 * returns its question. It clicks through fireEvent, so it works on fake timers too, and lets
 * what the answer starts (a request) begin before it returns.
 */
export async function answerConfirmation(confirmed: boolean): Promise<string> {
  const dialog = screen.getByTestId('confirm-dialog');
  const question = within(dialog).getByTestId('confirm-dialog-message').textContent ?? '';
  await act(async () => {
    fireEvent.click(within(dialog).getByTestId(confirmed ? 'confirm-dialog-confirm' : 'confirm-dialog-cancel'));
  });
  return question;
}

/** The texts of the toasts on screen (only those of `tone` when given), oldest first. */
export function toastTexts(tone?: ToastTone): string[] {
  return screen
    .queryAllByTestId('toast')
    .filter((toast) => tone === undefined || toast.dataset.tone === tone)
    .map((toast) => within(toast).getByTestId('toast-text').textContent ?? '');
}
