import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

/** A panel with its own state, to see whether it survived a look at another tab. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function renderTabs() {
  render(
    <Tabs
      label="Forge"
      tabs={[
        { key: 'kept', label: 'Kept', panel: () => <Counter name="kept" />, keep: true },
        { key: 'dropped', label: 'Dropped', panel: () => <Counter name="dropped" /> },
        { key: 'later', label: 'Later', panel: () => <Counter name="later" />, keep: true },
      ]}
    />,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('opens the first tab, and mounts no other panel until its tab is opened', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Forge' })).toBeInTheDocument();
    expect(tab('Kept')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Kept' })).toHaveTextContent('kept 0');
    expect(screen.queryByText(/^later/)).not.toBeInTheDocument();
    // aria-controls names only a panel that is in the page.
    expect(tab('Kept')).toHaveAttribute('aria-controls');
    expect(tab('Later')).not.toHaveAttribute('aria-controls');
  });

  it('keeps a kept panel (hidden, with its state) and unmounts the others on leaving', () => {
    renderTabs();
    fireEvent.click(screen.getByRole('button', { name: 'kept 0' }));
    fireEvent.click(tab('Dropped'));
    fireEvent.click(screen.getByRole('button', { name: 'dropped 0' }));
    expect(screen.getByText('kept 1').closest('[role="tabpanel"]')).not.toBeVisible();

    fireEvent.click(tab('Kept'));
    expect(screen.getByRole('button', { name: 'kept 1' })).toBeVisible();
    expect(screen.queryByText(/^dropped/)).not.toBeInTheDocument();
    expect(tab('Dropped')).not.toHaveAttribute('aria-controls');
  });

  it('moves between tabs with the arrow keys, round the ends, focusing the new tab', () => {
    renderTabs();
    fireEvent.keyDown(tab('Kept'), { key: 'ArrowLeft' });
    expect(tab('Later')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Later')).toHaveFocus();
    expect(tab('Later')).toHaveAttribute('tabindex', '0');
    expect(tab('Kept')).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(tab('Later'), { key: 'ArrowRight' });
    expect(tab('Kept')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Kept')).toHaveFocus();
  });
});
