import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CITY_CONSTANTS, cityResponse, openCity } from '../../../testing/city-fixtures';
import { buildingName } from '../city-catalog';
import { toCityState } from '../city-state';
import { CityScene } from './CityScene';
import { groundRadii, SCENE_KEYS, wallOf, type SceneKey } from './city-scene-layout';

const nameOf = (key: SceneKey) => (key === 'ch' ? 'City Hall' : buildingName(CITY_CONSTANTS, key));

function renderScene(overrides: Parameters<typeof cityResponse>[0] = {}, onOpen = vi.fn()) {
  const city = toCityState(cityResponse(overrides), Date.now());
  const rendered = render(<CityScene city={city} nameOf={nameOf} onOpen={onOpen} />);
  return { ...rendered, onOpen };
}

const building = (key: string) => screen.getByTestId(`scene-building-${key}`);

describe('the City scene', () => {
  it('draws one button per building, named with its level; a locked one is a plot with the level that opens it', () => {
    renderScene({ chLevel: 3, levels: { wheat: 3, lumber: 2, stone: 1, ore: 1, quarters: 4, archery: 1, stables: 1 } });
    const list = screen.getByRole('list', { name: 'Buildings of your city' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'City Hall, level 3',
      'Farm, level 3',
      'Lumber Mill, level 2',
      'Quarry, level 1',
      'Mine, level 1',
      'Quarters, level 4',
      'Archery Range, level 1',
      'Stables, locked until City Hall level 5',
    ]);
    expect(building('stables')).toHaveAttribute('data-locked');
    expect(building('stables').querySelector('.city-scene__badge')?.textContent?.trim()).toBe('5');
    expect(building('stables').querySelector('.city-scene__badge svg')).not.toBeNull();
    expect(building('wheat')).not.toHaveAttribute('data-locked');
    expect(building('wheat')).toHaveAttribute('data-level', '3');
    expect(screen.getByTestId('scene-plot-stables')).toBeInTheDocument();
    expect(screen.queryByTestId('scene-plot-wheat')).not.toBeInTheDocument();
  });

  it('is a picture with a name saying what the city is', () => {
    renderScene({ chLevel: 1 });
    expect(screen.getByRole('img', { name: /^Your city: City Hall level 1, 4 buildings standing, 4 plots waiting/ })).toBeInTheDocument();
  });

  it("changes a building's look with its level: a new drawing at levels 5, 10 and 20", () => {
    const looks = [1, 4, 5, 10, 20].map((level) => {
      const { unmount } = renderScene({ chLevel: 25, levels: { wheat: level } });
      const look = {
        tier: building('wheat').getAttribute('data-tier'),
        art: building('wheat').querySelector('.city-scene__art svg')?.innerHTML,
      };
      unmount();
      return look;
    });
    expect(looks.map((look) => look.tier)).toEqual(['0', '0', '1', '2', '3']);
    expect(looks[0].art).toBeTruthy();
    expect(looks[0].art).toBe(looks[1].art);
    expect(new Set(looks.map((look) => look.art)).size).toBe(4);
  });

  it('grows its ground with the City Hall, a wall round it from level 5', () => {
    const ground = (chLevel: number) => {
      const { unmount } = renderScene({ chLevel });
      const rx = Number(screen.getByTestId('scene-picture').getAttribute('data-ground'));
      unmount();
      return rx;
    };
    expect(ground(1)).toBe(groundRadii(1).rx);
    expect(ground(5)).toBeGreaterThan(ground(1));
    expect(ground(20)).toBeGreaterThan(ground(10));
    expect(ground(30)).toBe(ground(20));
    expect([1, 5, 10, 20].map(wallOf)).toEqual(['none', 'palisade', 'stone', 'towers']);
  });

  it('shows production on the open producers and on a building training troops, not on a plot', () => {
    renderScene({
      chLevel: 2,
      trainingQueue: { quarters: { completionTime: new Date(Date.now() + 60_000).toISOString(), count: 3 } },
    });
    const producing = SCENE_KEYS.filter((key) => within(building(key)).queryByTestId('scene-production'));
    expect(producing).toEqual(['wheat', 'lumber', 'stone', 'quarters']);
  });

  it('tells which building was chosen, by click and by keyboard', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderScene({ chLevel: 3 });
    await user.click(building('ore'));
    expect(onOpen).toHaveBeenLastCalledWith('ore');
    building('ch').focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('ch');
    await user.tab();
    expect(building('wheat')).toHaveFocus();
  });
});

describe('the City screen with its scene', () => {
  it('shows the scene above "What\'s next" and the cards; a building of the scene gives its card the focus', async () => {
    const { user } = await openCity(cityResponse({ chLevel: 2, levels: { lumber: 2 } }));
    const scene = screen.getByTestId('city-scene');
    expect(scene.compareDocumentPosition(screen.getByTestId('resources-card')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(building('lumber'));
    expect(screen.getByTestId('building-lumber')).toHaveFocus();
    await user.click(building('ch'));
    expect(screen.getByTestId('city-hall-card')).toHaveFocus();
  });
});
