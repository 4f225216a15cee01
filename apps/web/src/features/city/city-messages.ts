import { CityMessages } from '@runik/contract';

/** The screen's placeholder states (spec section 2, "City screen"). */
export const CityPlaceholders = {
  loadingConstants: 'Loading constants...',
  logIn: 'Please log in to see your city.',
  loadingCity: 'Loading city...',
  error: (message: string) => `Error loading city: ${message}`,
} as const;

/**
 * What a failed action shows when the server sent no `{ error }` (spec section 8). The
 * server's own message, when there is one, always wins.
 */
export const CityFailures = {
  upgradeBuilding: (building: string) => `Failed to upgrade ${building}`,
  upgradeCityHall: 'Failed to upgrade City Hall',
  convertToRunik: 'Failed to convert resources',
  convertToResources: 'Failed to convert RUNIK to resources',
  train: (unit: string) => `Failed to train ${unit}`,
  heal: 'Failed to heal troops',
  speedup: (building: string) => `Failed to speed up training for ${building}`,
  /** Not in the spec, which only says a harvest failure sets the screen's error state. */
  harvest: 'Failed to harvest resources',
  notLoaded: 'Resources data not loaded. Please wait and try again.',
} as const;

/** Client-side messages the contract does not carry in this exact form. */
export const CityHints = {
  insufficientWithMax: (max: string) => `${CityMessages.insufficientForAmount} Max: ${max}`,
  comingSoon: 'Coming soon',
} as const;
