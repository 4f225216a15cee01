import { describe, expect, it } from 'vitest';
import { attackPreview } from './attack-fixtures';
import { attackConfirmMessage } from './attack-format';

const NO_LOSSES = { dead: { infantry: 0, archers: 0, cavalry: 0 }, injured: { infantry: 0, archers: 0, cavalry: 0 } };

describe("the attack confirm's sentence at even luck", () => {
  it('counts the troops lost, the dead and injured apart', () => {
    expect(attackConfirmMessage('bob', attackPreview())).toContain(
      'At even luck you win, losing 6 (2 dead, 4 injured) troops, and bring home',
    );
  });

  // Issue 45: it read "losing none troops".
  it('says "no troops" when none would be lost, winning or losing', () => {
    expect(attackConfirmMessage('bob', attackPreview({ expectedLosses: NO_LOSSES }))).toContain(
      'At even luck you win, losing no troops, and bring home 36.10 Wheat',
    );
    expect(attackConfirmMessage('bob', attackPreview({ expectedWinner: 'defender', expectedLosses: NO_LOSSES }))).toContain(
      'At even luck you lose no troops and bring home nothing.',
    );
  });
});
