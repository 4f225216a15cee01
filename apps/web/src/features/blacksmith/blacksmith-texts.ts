/** Texts of the Blacksmith page that the spec leaves to us; the spec's own are GearMessages in the contract. */
export const BlacksmithTexts = {
  logIn: 'Please log in to use the blacksmith.',
  loading: 'Loading gears...',
  noGears: 'You have no gears yet.',
  noMatch: 'No gears match these filters.',
  chooseTarget: 'Choose a gear to upgrade.',
  chooseMaterials: 'Choose up to 10 gears to consume as material.',
  previewLoading: 'Calculating preview...',
  previewFailed: 'Could not preview this upgrade.',
  historyLoading: 'Loading upgrade history...',
  historyEmpty: 'No upgrades yet.',
  historyFailed: 'Failed to load upgrade history',
  confirmPrecious: (names: readonly string[]) =>
    `This upgrade consumes ${names.join(', ')}. Consumed gear is gone for good. Upgrade anyway?`,
  confirmPreciousTitle: 'Consume rare gear?',
} as const;
