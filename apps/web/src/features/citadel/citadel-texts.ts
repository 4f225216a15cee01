/** Texts of this screen that the spec leaves to us; the spec's own are CitadelMessages in the contract. */
export const CitadelTexts = {
  logIn: 'Please log in to enter the Abyssal Citadel.',
  loadingProgress: 'Loading your progress...',
  loadingFloor: 'Loading floor...',
  loadingRewards: 'Loading rewards...',
  failedRewards: 'Failed to fetch reward history',
  noRewards: 'No rewards yet. Deal damage to a boss and be there when it falls.',
  noParticipants: 'No one has attacked this boss yet.',
  backToCurrent: 'Back to current floor',
} as const;
