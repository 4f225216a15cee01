import { isLedgerReason, LEDGER_REASON_KINDS, LEDGER_REASONS, ledgerReasonKind, ledgerReasonLabel } from './ledger-reasons';
import type { LedgerReason } from './ledger-reasons';

describe('ledger reasons', () => {
  const reasons = Object.keys(LEDGER_REASONS) as LedgerReason[];

  it('give every reason one of the kinds and a label of its own', () => {
    for (const reason of reasons) {
      expect(LEDGER_REASON_KINDS).toContain(ledgerReasonKind(reason));
      expect(ledgerReasonLabel(reason)).toMatch(/^[A-Z]/);
    }
    const labels = reasons.map(ledgerReasonLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('list the reasons built per building, each with its building', () => {
    expect(LEDGER_REASONS['upgrade-ch']).toEqual({ kind: 'burn', label: 'City Hall upgrade' });
    expect(LEDGER_REASONS['upgrade-wheat']).toEqual({ kind: 'burn', label: 'Farm upgrade' });
    expect(LEDGER_REASONS['train-quarters']).toEqual({ kind: 'resources', label: 'Training at the Quarters' });
    expect(LEDGER_REASONS['speedup-stables']).toEqual({ kind: 'burn', label: 'Stables training sped up' });
  });

  it('split a reward whose kind would depend on the player', () => {
    expect(ledgerReasonKind('quest-reward')).toBe('budgeted-mint');
    expect(ledgerReasonKind('quest-reward-locked')).toBe('game-only-mint');
    expect(ledgerReasonKind('convert-to-runik')).toBe('budgeted-mint');
    expect(ledgerReasonKind('convert-to-game-runik')).toBe('game-only-mint');
  });

  it('read text that is no listed reason (older rows) as itself', () => {
    expect(isLedgerReason('bench-grant')).toBe(false);
    expect(isLedgerReason('toString')).toBe(false);
    expect(ledgerReasonLabel('bench-grant')).toBe('bench-grant');
  });
});
