/** Attack charges: at most this many stored, one regained per period (docs/combat.md). */
export const ATTACK_CHARGES_MAX = 5;
export const ATTACK_CHARGE_REGEN_MS = 60 * 60 * 1000;

/** After a battle the attacker may not attack the same enemy again for 4 hours (spec, section 4). */
export const ENEMY_COOLDOWN_MS = 14_400_000;

/** Stored charges and the instant regeneration counts from. */
export interface ChargeState {
  charges: number;
  anchorMs: number;
}

/** Charges right now, computed from the stored ones and the time since the anchor. */
export function currentCharges(stored: ChargeState, nowMs: number): { charges: number; nextRegenInMs: number } {
  if (stored.charges >= ATTACK_CHARGES_MAX) return { charges: ATTACK_CHARGES_MAX, nextRegenInMs: 0 };
  const elapsed = Math.max(0, nowMs - stored.anchorMs);
  const charges = Math.min(ATTACK_CHARGES_MAX, stored.charges + Math.floor(elapsed / ATTACK_CHARGE_REGEN_MS));
  return { charges, nextRegenInMs: charges >= ATTACK_CHARGES_MAX ? 0 : ATTACK_CHARGE_REGEN_MS - (elapsed % ATTACK_CHARGE_REGEN_MS) };
}

/**
 * The state after spending one charge, or null when none is left. A partly regenerated
 * charge keeps its progress; spending from full starts the clock now.
 */
export function spendCharge(stored: ChargeState, nowMs: number): ChargeState | null {
  const { charges } = currentCharges(stored, nowMs);
  if (charges === 0) return null;
  if (charges >= ATTACK_CHARGES_MAX) return { charges: charges - 1, anchorMs: nowMs };
  const regained = Math.floor(Math.max(0, nowMs - stored.anchorMs) / ATTACK_CHARGE_REGEN_MS);
  return { charges: charges - 1, anchorMs: stored.anchorMs + regained * ATTACK_CHARGE_REGEN_MS };
}
