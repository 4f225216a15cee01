/** Every error body is `{ error: message }` (plus fields some errors carry). */
export interface ErrorResponse {
  error: string;
}

/** Server error messages. Those quoted by the spec are verbatim. */
export const ErrorMessages = {
  userNotRegistered: 'User not registered',
  alreadyRegistered: 'Account already registered. Please use login instead.',
  /** A late activation asked of a paid account: it may already withdraw. */
  alreadyActivated: 'Your account is already activated: it may withdraw.',
  invalidUsername: 'Invalid Hive username',
  challengeInvalid: 'Login challenge is invalid, expired or already used',
  signatureInvalid: 'Signature does not match the account posting key',
  /** HiveSigner login (issue 49): the token is not one HiveSigner vouches for (forged, expired or revoked). */
  hiveSignerTokenInvalid: 'HiveSigner login is invalid or expired. Please log in through HiveSigner again.',
  hiveSignerTokenOtherApp: 'This HiveSigner login was made for another app. Please log in through HiveSigner again.',
  hiveSignerTokenUsed: 'This HiveSigner login was already used. Please log in through HiveSigner again.',
  hiveSignerUnavailable: 'HiveSigner could not be reached. Please try again later.',
  hiveAccountNotFound: 'Hive account not found',
  sessionRequired: 'Authentication required',
  sessionInvalid: 'Session is invalid or expired. Please log in again.',
  notYourAccount: 'You can only act for your own account',
  foreignOrigin: 'Requests from another site are refused.',
  /** A request with two session cookies: one was planted beside the player's, so neither is used (docs/decisions.md). */
  twoSessionCookies: 'This request carried two session cookies, so neither was used. Please log in again.',
  transactionNotFound: 'Transaction not found',
  transactionUsedByOther: 'Transaction already used by another registration',
  chainUnavailable: 'The Hive node could not be reached. Please try again later.',
  /** Hive Engine (the sidechain holding RNK and SWAP.HIVE) out of reach, as opposed to the Hive node. */
  engineUnavailable: 'Hive Engine could not be reached. Please try again later.',
  tooManyRequests: 'Too many requests. Please slow down.',
  byteOrderMark: 'Request bodies must be JSON without a byte order mark.',
  tooManySockets: 'Too many open connections for this session. Close another tab first.',
  invalidPaymentWatch: 'payment must be a Hive transaction id',
  serviceUnavailable: 'The game is briefly unavailable. Please try again in a few seconds.',
} as const;

/** Reasons a paid registration is marked invalid by the worker. */
export const RegistrationInvalidReasons = {
  notFound: 'Transaction not found on Hive Engine',
  failed: 'Transaction failed on Hive Engine',
  wrongOperation: 'Transaction is not a SWAP.HIVE token transfer',
  wrongSender: 'Transaction was not sent by this account',
  wrongRecipient: 'Transaction was not sent to the game account',
  wrongMemo: 'Transaction memo does not match the registration',
  underpaid: 'Transaction amount is below the registration fee',
  alreadyUsed: 'Transaction was already used for a registration',
  alreadyPaid: 'Account is already activated',
} as const;
