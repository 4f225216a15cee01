import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './ConfirmDialog';
import { Modal } from './Modal';

/** A page button that asks `question` and writes down every answer. */
function Asker({ question }: { question: string | ConfirmOptions }) {
  const confirm = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button type="button" onClick={() => void confirm(question).then((confirmed) => setAnswers((previous) => [...previous, confirmed]))}>
        Ask
      </button>
      <output data-testid="answers">{answers.join(' ')}</output>
    </>
  );
}

function renderAsker(question: string | ConfirmOptions = 'Spend 4.000 RUNIK?') {
  const user = userEvent.setup();
  render(
    <ConfirmProvider>
      <Asker question={question} />
    </ConfirmProvider>,
  );
  return user;
}

const dialog = () => screen.getByRole('alertdialog');
const answers = () => screen.getByTestId('answers');

describe('ConfirmDialog', () => {
  it('asks the question and answers true on Confirm', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(dialog()).toHaveAccessibleName('Please confirm');
    expect(dialog()).toHaveAccessibleDescription('Spend 4.000 RUNIK?');

    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers()).toHaveTextContent('true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('answers false on Cancel, on Escape and on the close button', async () => {
    const user = renderAsker();
    const dismissals = [
      () => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      () => user.keyboard('{Escape}'),
      () => user.click(within(dialog()).getByRole('button', { name: 'Close' })),
    ];
    const expected: string[] = [];
    for (const dismiss of dismissals) {
      await user.click(screen.getByRole('button', { name: 'Ask' }));
      await dismiss();
      expected.push('false');
      await waitFor(() => expect(answers()).toHaveTextContent(expected.join(' ')));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    }
  });

  it('puts the focus on Cancel, the safe choice, and gives it back when closed', async () => {
    const user = renderAsker();
    const ask = screen.getByRole('button', { name: 'Ask' });
    await user.click(ask);
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Enter on the focused choice cancels: a stray key press never spends anything.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers()).toHaveTextContent('false'));
    expect(ask).toHaveFocus();
  });

  it('takes its own title and labels, and marks a dangerous choice', async () => {
    const user = renderAsker({
      title: 'Disband the rally?',
      message: 'All troops go home.',
      confirmLabel: 'Disband',
      cancelLabel: 'Keep it',
      danger: true,
    });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(dialog()).toHaveAccessibleName('Disband the rally?');
    expect(within(dialog()).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    expect(within(dialog()).getByRole('button', { name: 'Disband' })).toHaveClass('confirm-dialog__confirm--danger');
  });

  it('closes alone over a popup: Escape and its buttons leave the popup below open', async () => {
    const user = userEvent.setup();
    function PopupWithQuestion() {
      const [open, setOpen] = useState(true);
      return open ? (
        <Modal title="Heal Troops" onClose={() => setOpen(false)}>
          <Asker question="Heal 2 Infantry for 16 wheat?" />
        </Modal>
      ) : (
        <p>popup closed</p>
      );
    }
    render(
      <ConfirmProvider>
        <PopupWithQuestion />
      </ConfirmProvider>,
    );
    const question = () => screen.getByRole('alertdialog', { name: 'Please confirm' });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answers()).toHaveTextContent('false'));
    expect(screen.getByRole('dialog', { name: 'Heal Troops' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(within(question()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers()).toHaveTextContent('false true'));
    expect(screen.getByRole('dialog', { name: 'Heal Troops' })).toBeInTheDocument();

    // With the question gone, Escape closes the popup again.
    await user.keyboard('{Escape}');
    expect(await screen.findByText('popup closed')).toBeInTheDocument();
  });
});
