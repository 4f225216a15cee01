import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ALLIANCE_ICONS, BUILDING_KEYS, CITY_HALL_KEY, GEAR_RARITIES, GEAR_TYPES, RESOURCE_KEYS, UNIT_KEYS } from '@runik/rules';
import { describe, expect, it } from 'vitest';
import { AllianceEmblemIcon, ALLIANCE_EMBLEMS } from './AllianceEmblemIcon';
import { BOSS_ICONS, BossIcon } from './BossIcon';
import { BUILDING_ICONS, BuildingIcon, buildingTier } from './BuildingIcon';
import { CURRENCY_ICONS } from './CurrencyIcon';
import { GEAR_ICONS, GearIcon, GearTypeIcon } from './GearIcon';
import { MedalIcon } from './MedalIcon';
import { RESOURCE_ICONS, ResourceIcon } from './ResourceIcon';
import { UNIT_ICONS } from './UnitIcon';

/** The path a compiled icon draws: two icons with the same path are the same picture. */
function drawing(element: ReactElement): string {
  const { container, unmount } = render(element);
  const path = container.querySelector('svg path')?.getAttribute('d');
  unmount();
  if (!path) throw new Error('No icon drawn');
  return path;
}

function expectDistinct(pictures: string[]) {
  expect(new Set(pictures).size).toBe(pictures.length);
}

describe('game icons', () => {
  it('give every key of the rules a drawing of its own', () => {
    expect(Object.keys(RESOURCE_ICONS)).toEqual([...RESOURCE_KEYS]);
    expect(Object.keys(UNIT_ICONS)).toEqual([...UNIT_KEYS]);
    expect(Object.keys(GEAR_ICONS).sort()).toEqual([...GEAR_TYPES].sort());
    expect(Object.keys(BUILDING_ICONS).sort()).toEqual([...BUILDING_KEYS, CITY_HALL_KEY].sort());
    expect(Object.keys(ALLIANCE_EMBLEMS).sort()).toEqual(ALLIANCE_ICONS.map(({ id }) => id).sort());
    expect(Object.keys(CURRENCY_ICONS)).toEqual(['RUNIK', 'SWAP.HIVE']);

    expectDistinct(RESOURCE_KEYS.map((resource) => drawing(<ResourceIcon resource={resource} />)));
    expectDistinct(GEAR_TYPES.map((type) => drawing(<GearTypeIcon type={type} />)));
    expectDistinct(ALLIANCE_ICONS.map(({ id }) => drawing(<AllianceEmblemIcon emblem={id} />)));
    expectDistinct(BOSS_ICONS.map((_, index) => drawing(<BossIcon image={index + 1} />)));
    expect(BOSS_ICONS).toHaveLength(12);
  });

  it('change a building’s look at levels 5, 10 and 20', () => {
    expect([1, 4, 5, 9, 10, 19, 20, 30].map(buildingTier)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    for (const building of [...BUILDING_KEYS, CITY_HALL_KEY] as const) {
      expectDistinct([1, 5, 10, 20].map((level) => drawing(<BuildingIcon building={building} level={level} />)));
    }
  });

  it('are hidden from assistive technology unless they carry meaning alone', () => {
    const { getByRole, container } = render(
      <>
        <ResourceIcon resource="wheat" />
        <MedalIcon rank={1} label="Gold trophy" />
      </>,
    );
    expect(getByRole('img')).toHaveAccessibleName('Gold trophy');
    expect(container.querySelector('.game-icon')).toHaveAttribute('aria-hidden', 'true');
  });

  it('frame gear in its rarity colour', () => {
    for (const rarity of GEAR_RARITIES) {
      const { container, unmount } = render(<GearIcon type="infantry" rarity={rarity} />);
      expect(container.firstElementChild).toHaveClass(`game-icon-frame--${rarity}`);
      unmount();
    }
  });
});
