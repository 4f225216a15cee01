import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GEAR_MAX_LEVEL } from '@runik/rules';
import { card, gear, listedIds, openBlacksmith, PREVIEW_URL } from './blacksmith-fixtures';

const targetButton = (gearId: number) => within(card(gearId)).getByRole('button', { name: 'Select as target' });
const materialButton = (gearId: number) => within(card(gearId)).getByRole('button', { name: 'Use as material' });
const count = () => screen.getByTestId('material-count');

describe('the gear list', () => {
  const gears = [
    gear(1, 'wheat', 'common'),
    gear(2, 'infantry', 'rare'),
    gear(3, 'ore', 'epic', { isEquipped: true }),
    gear(4, 'archer', 'rare', { level: 3 }),
  ];

  it('leaves equipped gear out by default, and shows it on request', async () => {
    const { user } = await openBlacksmith(gears);
    expect(listedIds()).toEqual([1, 2, 4]);
    await user.click(screen.getByRole('checkbox', { name: 'Show equipped gears' }));
    expect(listedIds()).toEqual([1, 2, 3, 4]);
    expect(card(3)).toHaveTextContent('Equipped');
  });

  it('shows each gear with its stat and its worth as material', async () => {
    await openBlacksmith(gears);
    expect(within(card(4)).getByTestId('gear-name')).toHaveTextContent('Rare Archer Gear Lv.3');
    expect(within(card(4)).getByTestId('gear-stat')).toHaveTextContent('+2.8% Archer Attack');
    expect(within(card(4)).getByTestId('gear-exp-value')).toHaveTextContent('Material value: 180 EXP');
  });

  it('filters by category, type and rarity', async () => {
    const { user } = await openBlacksmith(gears);
    await user.selectOptions(screen.getByLabelText('Category'), 'commander');
    expect(listedIds()).toEqual([2, 4]);
    // The type list follows the category.
    expect(
      within(screen.getByLabelText('Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Infantry', 'Archer', 'Cavalry']);
    await user.selectOptions(screen.getByLabelText('Type'), 'archer');
    expect(listedIds()).toEqual([4]);
    await user.selectOptions(screen.getByLabelText('Rarity'), 'common');
    expect(screen.getByText('No gears match these filters.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'mayor');
    expect(screen.getByLabelText('Type')).toHaveValue('all');
    expect(listedIds()).toEqual([1]);
  });
});

describe('choosing a target and materials', () => {
  it('offers materials only once a target is chosen, and never the target itself', async () => {
    const { user } = await openBlacksmith([gear(1), gear(2), gear(3)]);
    expect(materialButton(2)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade Gear' })).toBeDisabled();

    await user.click(targetButton(1));
    expect(targetButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(within(card(1)).queryByRole('button', { name: 'Use as material' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('upgrade-target')).getByTestId('gear-name')).toHaveTextContent('Common Wheat Gear Lv.1');
    expect(materialButton(2)).toBeEnabled();
    // A target without material cannot be upgraded yet.
    expect(screen.getByRole('button', { name: 'Upgrade Gear' })).toBeDisabled();

    await user.click(materialButton(2));
    expect(materialButton(2)).toHaveAttribute('aria-pressed', 'true');
    expect(count()).toHaveTextContent('1 / 10');
    expect(screen.getByRole('button', { name: 'Upgrade Gear' })).toBeEnabled();

    // A material picked as the new target stops being a material.
    await user.click(targetButton(2));
    expect(targetButton(2)).toHaveAttribute('aria-pressed', 'true');
    expect(targetButton(1)).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toHaveTextContent('0 / 10');
    expect(screen.getByRole('button', { name: 'Upgrade Gear' })).toBeDisabled();
  });

  it('never takes equipped or listed gear as material, nor a listed or maxed gear as target', async () => {
    const { user } = await openBlacksmith([
      gear(1),
      gear(2, 'wheat', 'common', { isEquipped: true }),
      gear(3, 'wheat', 'common', { isListed: true }),
      gear(4, 'wheat', 'common', { level: GEAR_MAX_LEVEL, requiredExp: 0, expProgress: 100 }),
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Show equipped gears' }));
    await user.click(targetButton(1));
    expect(materialButton(2)).toBeDisabled();
    expect(materialButton(3)).toBeDisabled();
    expect(materialButton(4)).toBeEnabled();
    expect(targetButton(3)).toBeDisabled();
    expect(targetButton(4)).toBeDisabled();
    expect(card(3)).toHaveTextContent('Listed');
    // Equipped gear may still be upgraded itself.
    expect(targetButton(2)).toBeEnabled();
  });

  it('refuses an 11th material with a hint', async () => {
    const materials = Array.from({ length: 11 }, (_, index) => gear(index + 2));
    const { user, api } = await openBlacksmith([gear(1, 'ore', 'epic'), ...materials]);
    await user.click(targetButton(1));
    for (let id = 2; id <= 11; id += 1) await user.click(materialButton(id));
    expect(count()).toHaveTextContent('10 / 10');

    await user.click(materialButton(12));
    expect(screen.getByTestId('material-hint')).toHaveTextContent('Select at most 10 materials.');
    expect(materialButton(12)).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toHaveTextContent('10 / 10');

    // One out makes room, and the hint goes.
    await user.click(materialButton(2));
    await user.click(materialButton(12));
    expect(count()).toHaveTextContent('10 / 10');
    expect(materialButton(12)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('material-hint')).not.toBeInTheDocument();

    await waitFor(() =>
      expect(api.callsTo(PREVIEW_URL).at(-1)?.body).toEqual({ gearId: 1, materialIds: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }),
    );
  });

  it('removes a material from the panel, and Clear selection starts over', async () => {
    const { user } = await openBlacksmith([gear(1), gear(2, 'lumber', 'rare'), gear(3)]);
    await user.click(targetButton(1));
    await user.click(materialButton(2));
    await user.click(materialButton(3));
    await user.click(screen.getByRole('button', { name: 'Remove Rare Lumber Gear Lv.1' }));
    expect(materialButton(2)).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toHaveTextContent('1 / 10');

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(count()).toHaveTextContent('0 / 10');
    expect(screen.getByText('Choose a gear to upgrade.')).toBeInTheDocument();
    expect(targetButton(1)).toHaveAttribute('aria-pressed', 'false');
  });
});
