import type { BattleReportResponse } from '@runik/contract';

/** The Battle Report page's texts. */
export const BattleReportTexts = {
  loading: 'Loading battle report…',
  title: (report: BattleReportResponse) =>
    report.kind === 'attack'
      ? 'Raid report'
      : report.kind === 'citadel'
        ? `Citadel report: Floor ${report.floor}`
        : `Throne battle report (${report.attackKind})`,
  attacker: 'Attacker',
  defender: 'Defender',
  boss: (floor: number) => `Floor ${floor} boss`,
  unknownBoosts: 'not recorded',
  noDefenders: 'The throne stood empty.',
  citadelRolls: (attackNumber: number) =>
    `No random draws: attack ${attackNumber} of the day kills ${attackNumber * 0.5}% and injures ${attackNumber}% of each troop type.`,
  throneRolls: 'No random draws: a throne battle is decided by power alone, and a tie holds the throne.',
} as const;
