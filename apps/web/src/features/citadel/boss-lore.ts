import { bossImage } from '@runik/rules';

export interface BossLore {
  /** 1 to 12: the spec's boss image (libs/rules bossImage). */
  image: number;
  name: string;
  lore: string;
}

/**
 * The twelve bosses of the Abyssal Citadel, in the order of the spec's 12 images (ui/icons/BossIcon.tsx
 * draws each): floor 1 meets the first, floor 13 the first again (issue 50).
 */
export const BOSSES: readonly BossLore[] = [
  { image: 1, name: 'Grothak the Gatekeeper', lore: 'An ogre chained at the first stair, he has eaten every key ever made for it.' },
  { image: 2, name: 'Maelvoth, the Hollow Crown', lore: 'A daemon king whose skull still wears the crown of the city he burned.' },
  { image: 3, name: 'Sythrax Emberjaw', lore: 'The dragon sleeps on the citadel’s forge; its breath keeps the deep fires lit.' },
  { image: 4, name: 'Queen Ashkaree', lore: 'Her sting is a slow poison; the sand of her floor is the bones of the impatient.' },
  { image: 5, name: 'Vesh, Weaver of the Dark', lore: 'Every thread in the citadel leads back to her eight patient eyes.' },
  { image: 6, name: 'The Sevenfold Hydra', lore: 'Cut one head and the others remember your face.' },
  { image: 7, name: 'Oculon the Watcher', lore: 'A cyclops who has not blinked since the citadel was sealed.' },
  { image: 8, name: 'Nyxwing', lore: 'A swarm that flies as one bat; its shriek puts out torches floors away.' },
  { image: 9, name: 'Fenrath Moonbane', lore: 'Once a captain of the guard, now the hunter of those who come after him.' },
  { image: 10, name: 'Skarnveil the Wyvern', lore: 'It nests in the citadel’s open shaft and dives on anything that glitters.' },
  { image: 11, name: 'Ruhn of the Labyrinth', lore: 'He built the maze of his floor and has never once lost his way in it.' },
  { image: 12, name: 'Kolgrim the Unbroken', lore: 'A golem of the citadel’s own stone: to wound him is to wound the walls.' },
];

/** The boss that guards `floor`: the twelve cycle, so floor 13 is the first again. */
export function bossOfFloor(floor: number): BossLore {
  return BOSSES[bossImage(floor) - 1];
}
