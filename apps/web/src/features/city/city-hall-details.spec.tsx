import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cityResponse, openCity } from '../../testing/city-fixtures';

async function openDetails(chLevel: number, levels = {}) {
  const { user } = await openCity(cityResponse({ chLevel, levels }));
  await user.click(within(screen.getByTestId('city-hall-card')).getByRole('button', { name: 'Details' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'City Hall Details' }) };
}

describe('City Hall Details', () => {
  it("shows the level, what the next level unlocks and every building's level", async () => {
    const { dialog } = await openDetails(2, { wheat: 2, stone: 1 });
    expect(within(dialog).getByTestId('details-level')).toHaveTextContent('2');
    expect(within(dialog).getByRole('heading', { name: 'Level 3 unlocks' })).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('next-unlocks'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mine', 'Archery Range']);
    const levels = within(dialog).getByTestId('building-levels');
    expect(levels).toHaveTextContent('FarmLevel 2');
    expect(levels).toHaveTextContent('QuarryLevel 1');
    expect(levels).toHaveTextContent('MineLocked until City Hall level 3');
    expect(levels).toHaveTextContent('StablesLocked until City Hall level 5');
  });

  it('says when the next level opens no new building', async () => {
    const { dialog } = await openDetails(3);
    expect(within(dialog).getByTestId('next-unlocks')).toHaveTextContent('No new buildings');
  });

  it('closes with its close button', async () => {
    const { user, dialog } = await openDetails(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
