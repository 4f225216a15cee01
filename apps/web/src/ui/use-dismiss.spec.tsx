import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { ToastStack, useShowToast } from './Toasts';

/** A popup whose action failed: it says so in a toast and stays open. */
function PopupWithFailure() {
  const [open, setOpen] = useState(true);
  const showToast = useShowToast();
  useEffect(() => showToast('Failed to heal troops', 'error'), [showToast]);
  return open ? (
    <Modal title="Heal Troops" onClose={() => setOpen(false)}>
      <p>form</p>
    </Modal>
  ) : (
    <p>popup closed</p>
  );
}

describe('a popup', () => {
  it('stays open when the player dismisses a toast shown over it, and closes on a press elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <ToastStack>
        <PopupWithFailure />
      </ToastStack>,
    );
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Heal Troops' })).toBeInTheDocument();

    await user.click(document.body);
    expect(screen.getByText('popup closed')).toBeInTheDocument();
  });
});
