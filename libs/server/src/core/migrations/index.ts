import { Foundation1763700000000 } from './1763700000000-foundation';
import { City1763800000000 } from './1763800000000-city';
import { Deposits1763900000000 } from './1763900000000-deposits';
import { Withdrawals1764000000000 } from './1764000000000-withdrawals';
import { AlliancesAttacks1764100000000 } from './1764100000000-alliances-attacks';
import { Gear1764200000000 } from './1764200000000-gear';
import { TradingShop1764300000000 } from './1764300000000-trading-shop';
import { CitadelLeaderboards1764400000000 } from './1764400000000-citadel-leaderboards';
import { ThroneWars1764500000000 } from './1764500000000-throne-wars';
import { AllianceInvitationsNames1764600000000 } from './1764600000000-alliance-invitations-names';
import { PendingWork1764700000000 } from './1764700000000-pending-work';
import { ChainTransfers1764800000000 } from './1764800000000-chain-transfers';
import { RegistrationFeeQuotes1764900000000 } from './1764900000000-registration-fee-quotes';
import { PaymentHistory1765100000000 } from './1765100000000-payment-history';
import { Notifications1765200000000 } from './1765200000000-notifications';
import { CitadelAttacks1765300000000 } from './1765300000000-citadel-attacks';
import { GearExpValue1765440000000 } from './1765440000000-gear-exp-value';
import { WithdrawalQueue1765450000000 } from './1765450000000-withdrawal-queue';
import { RaidSpoils1765460000000 } from './1765460000000-raid-spoils';
import { ArmyPowerTrigger1765470000000 } from './1765470000000-army-power-trigger';
import { FirstSteps1765480000000 } from './1765480000000-first-steps';
import { EmissionBudget1765490000000 } from './1765490000000-emission-budget';
import { AllianceNameSkeletons1765532000000 } from './1765532000000-alliance-name-skeletons';
import { AllianceInvitationRules1765532100000 } from './1765532100000-alliance-invitation-rules';
import { BackupRuns1765534400000 } from './1765534400000-backup-runs';
import { RefundLimits1765540000000 } from './1765540000000-refund-limits';
import { PracticeRaids1765541000000 } from './1765541000000-practice-raids';
import { AllianceChat1795756108479 } from './1795756108479-alliance-chat';
import { QuestCompletions1795756182828 } from './1795756182828-quest-completions';
import { EmissionSlices1795756300000 } from './1795756300000-emission-slices';
import { GameClock1795908009706 } from './1795908009706-game-clock';
import { ChainCursorCheck1796000000000 } from './1796000000000-chain-cursor-check';
import { MentionMarks1796000200000 } from './1796000200000-mention-marks';
import { LookAlikeKeys1796000300000 } from './1796000300000-look-alike-keys';
import { PaymentsInBlock1796000400000 } from './1796000400000-payments-in-block';
import { FairSeeds1796000500000 } from './1796000500000-fair-seeds';
import { HarvestsByAccount1796000600000 } from './1796000600000-harvests-by-account';

/** Every migration, in order. TypeORM never synchronizes the schema. */
export const migrations = [
  Foundation1763700000000,
  City1763800000000,
  Deposits1763900000000,
  Withdrawals1764000000000,
  AlliancesAttacks1764100000000,
  Gear1764200000000,
  TradingShop1764300000000,
  CitadelLeaderboards1764400000000,
  ThroneWars1764500000000,
  AllianceInvitationsNames1764600000000,
  PendingWork1764700000000,
  ChainTransfers1764800000000,
  RegistrationFeeQuotes1764900000000,
  PaymentHistory1765100000000,
  Notifications1765200000000,
  CitadelAttacks1765300000000,
  GearExpValue1765440000000,
  WithdrawalQueue1765450000000,
  RaidSpoils1765460000000,
  ArmyPowerTrigger1765470000000,
  FirstSteps1765480000000,
  EmissionBudget1765490000000,
  AllianceNameSkeletons1765532000000,
  AllianceInvitationRules1765532100000,
  BackupRuns1765534400000,
  RefundLimits1765540000000,
  PracticeRaids1765541000000,
  AllianceChat1795756108479,
  QuestCompletions1795756182828,
  EmissionSlices1795756300000,
  GameClock1795908009706,
  ChainCursorCheck1796000000000,
  MentionMarks1796000200000,
  LookAlikeKeys1796000300000,
  PaymentsInBlock1796000400000,
  FairSeeds1796000500000,
  HarvestsByAccount1796000600000,
];
