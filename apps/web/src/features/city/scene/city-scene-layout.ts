import { BUILDING_KEYS, CITY_HALL_KEY, MAX_CITY_HALL_LEVEL, type BuildingKey } from '@runik/rules';

/** A building of the scene: City Hall (key 'ch') or one of the seven others. */
export type SceneKey = BuildingKey | typeof CITY_HALL_KEY;

/** Every building of the scene, in the order the keyboard visits them: City Hall, producers, then the military. */
export const SCENE_KEYS: readonly SceneKey[] = [CITY_HALL_KEY, ...BUILDING_KEYS];

/** The scene's drawing units (its SVG's viewBox); a building's place is given in them. */
export const SCENE_WIDTH = 320;
export const SCENE_HEIGHT = 200;

/** Where the ground's centre is: City Hall stands on it, the rest around it. */
export const GROUND_CENTRE = { x: 160, y: 120 } as const;

/**
 * Each building's place, where its foot stands: City Hall in the middle, what opens first nearest to it, the
 * Stables (City Hall 5) out on the edge, where the ground reaches once the City Hall has grown.
 */
export const SCENE_PLACES: Record<SceneKey, { x: number; y: number }> = {
  ch: { x: 160, y: 102 },
  wheat: { x: 100, y: 124 },
  lumber: { x: 220, y: 124 },
  quarters: { x: 160, y: 160 },
  stone: { x: 106, y: 84 },
  ore: { x: 214, y: 84 },
  archery: { x: 72, y: 150 },
  stables: { x: 248, y: 150 },
};

/** The City Hall level past which the ground grows no more (the scene's width). */
const GROUND_FULL_AT = Math.min(20, MAX_CITY_HALL_LEVEL);

/**
 * The ground's half-width and half-height (an ellipse) at a City Hall level: a clearing around a hut at level 1, wide
 * enough for each building by the level that opens it, reaching the scene's edges at level 20 (fast at first).
 */
export function groundRadii(chLevel: number): { rx: number; ry: number } {
  const grown = (Math.min(Math.max(chLevel, 1), GROUND_FULL_AT) - 1) / (GROUND_FULL_AT - 1);
  const rx = Math.round(86 + Math.sqrt(grown) * (156 - 86));
  return { rx, ry: Math.round(rx * 0.5) };
}

/** What the ground's edge is at a City Hall level: nothing, a palisade (5), a stone wall (10), towers too (20). */
export function wallOf(chLevel: number): 'none' | 'palisade' | 'stone' | 'towers' {
  if (chLevel >= 20) return 'towers';
  if (chLevel >= 10) return 'stone';
  if (chLevel >= 5) return 'palisade';
  return 'none';
}
