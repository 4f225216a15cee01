import { CityMessages, WalletMessages } from '@runik/contract';
import { KEYCHAIN_MISSING } from '../../wallet/keychain';

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

/** What a successful action tells the player in a toast (the spec has none for these). */
export const CitySuccesses = {
  upgraded: (building: string, level: number) => `${building} upgraded to level ${level}`,
  harvested: (amounts: string) => (amounts ? `Harvested ${amounts}.` : 'Harvest collected.'),
  training: (count: number, unit: string) => `Training started: ${count} ${unit}.`,
  spedUp: (building: string, minutes: number) => `Training in ${building} sped up by ${minutes} minutes.`,
  healed: (troops: number) => `Healed ${troops} ${troops === 1 ? 'troop' : 'troops'}.`,
} as const;

/** Client-side messages the contract does not carry in this exact form. */
export const CityHints = {
  insufficientWithMax: (max: string) => `${CityMessages.insufficientForAmount} Max: ${max}`,
} as const;

/** The Deposit RUNIK popup's messages (spec sections 5 and 8). */
export const DepositMessages = {
  invalidAmount: 'Please enter a valid amount to deposit.',
  notEnoughInWallet: (available: string) => `Not enough RUNIK in your wallet. Available: ${available}`,
  balanceNotLoaded: 'Wallet balance not loaded. Please wait and try again.',
  balanceUnavailable: 'Unable to load your wallet balance.',
  keychainMissing: KEYCHAIN_MISSING,
  throttled: (seconds: number) => `Please wait ${seconds} seconds before trying again.`,
  inProgress: 'Request already in progress. Please wait.',
  confirm: (amount: string) => `Deposit ${amount} RUNIK from your Hive Engine wallet?`,
  cancelled: 'Transaction was cancelled or timed out. Please try again.',
  processing: 'Deposit sent! Waiting for the blockchain to confirm it...',
  completed: (amount: string) => `Deposit completed! ${amount} RUNIK added to your city.`,
  alreadyCompleted: (transactionId: string) => `Deposit already completed! Transaction ID: ${transactionId}`,
  failed: (error: string | null | undefined) => `Deposit failed: ${error || 'Unknown error'}`,
  timeout: 'Deposit verification timeout. Please check your balance later or retry.',
  unverifiable: 'Unable to verify deposit status. Please check your balance manually.',
  fallback: 'Failed to deposit RUNIK',
  cooldown: WalletMessages.depositCooldown,
  serverProcessing: WalletMessages.depositProcessing,
} as const;

/** The Withdraw RUNIK popup's messages (spec sections 5 and 8). */
export const WithdrawMessages = {
  disabled: WalletMessages.withdrawalsDisabled,
  cooldown: WalletMessages.withdrawCooldown,
  invalidAmount: 'Please enter a valid amount to withdraw.',
  notEnoughRunik: (available: string) => `Not enough RUNIK. Available: ${available}`,
  keychainMissing: DepositMessages.keychainMissing,
  throttled: DepositMessages.throttled,
  inProgress: DepositMessages.inProgress,
  confirm: (amount: string) => `Withdraw ${amount} RUNIK to your Hive Engine wallet?`,
  submitted: (amount: string) => `Withdrawal of ${amount} RUNIK submitted! It will arrive in your Hive Engine wallet shortly.`,
  alreadyProcessed: (transactionId: string) => `Withdrawal already processed! Transaction ID: ${transactionId}`,
  fallback: 'Failed to withdraw RUNIK',
  accountCapReached: WalletMessages.accountCapReached,
  lockedRunik: WalletMessages.lockedRunik,
  lockedNote: (locked: string) =>
    `${locked} RUNIK of it was bought with SWAP.HIVE or kept back at your activation: for use in the game, not for withdrawal.`,
  accountLimit: (cap: string, left: string) => `Daily limit: ${cap} RUNIK per account, ${left} RUNIK left today.`,
  gameLimit: (left: string) => `All players together may withdraw ${left} more RUNIK today.`,
  limitsReset: (countdown: string) => `Daily limits reset in ${countdown}.`,
  queued: (amount: string, position: number) => `Your withdrawal of ${amount} RUNIK is number ${position} in line.`,
} as const;

/** The keychain memo of a deposit transfer. */
export const DEPOSIT_MEMO = 'Runik deposit';
