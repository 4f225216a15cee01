/** Texts of this screen that the spec leaves to us; the spec's own are AttackMessages in the contract. */
export const AttackTexts = {
  logIn: 'Please log in to attack.',
  loadingArmy: 'Loading army...',
  armyError: (message: string) => `Error loading army: ${message}`,
  loadingEnemies: 'Loading enemies...',
  enemiesError: (message: string) => `Error loading enemies: ${message}`,
  noEnemies: 'No enemies found.',
  loadingLogs: 'Loading battle logs...',
  noLogs: 'No battles yet.',
} as const;
