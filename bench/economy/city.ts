import {
  absorbedExp,
  addExp,
  BUILDING_KEYS,
  BuildingKey,
  buildingUpgradeBlock,
  buildingUpgradeCost,
  ChargeState,
  conversionLeftToday,
  ConversionTerms,
  CITY_HALL_KEY,
  cityHallUpgradeBlock,
  cityHallUpgradeCost,
  EquippedGear,
  floorTo,
  gearBaseExp,
  gearCategory,
  GearRarity,
  gearStatPercent,
  GearType,
  HARVEST_INTERVAL_MS,
  healingCost,
  isBuildingUnlocked,
  mayorGearBonuses,
  MAX_TRAINING_BATCH,
  maxTrainable,
  militaryBuilding,
  MilitaryBuildingKey,
  noResources,
  noTroops,
  pendingResources,
  previewToRunik,
  remainingMinutes,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  runikCostOf,
  speedupCost,
  STARTING_BUILDING_LEVEL,
  STARTING_CITY_HALL_LEVEL,
  STARTING_RESOURCES,
  toThousandths,
  trainingCost,
  trainingDurationMs,
  Troops,
  UNIT_KEYS,
  UNLOCKS,
  ATTACK_CHARGES_MAX,
} from '@runik/rules';
import { EconomyConstants } from './constants';
import { RunikLedger } from './ledger';

export interface OwnedGear extends EquippedGear {
  currentExp: number;
  /** Its worth as blacksmith material: its base value when made, plus what it absorbed since. */
  expValue: number;
  equipped: boolean;
}

interface Batch {
  count: number;
  completesMs: number;
}

/** The RUNIK resources would bring at the conversion rates after tax, cap aside (what raided loot is worth). */
export function runikValue(amounts: ResourceAmounts, terms: ConversionTerms): number {
  let value = 0;
  for (const resource of RESOURCE_KEYS) {
    const amount = floorTo(amounts[resource], 2);
    if (amount > 0) value += previewToRunik([resource], amount, amounts, terms).runikAfterTax;
  }
  return value;
}

/**
 * A bot's city, played through the rules the server calls: production computed lazily from an
 * anchor, harvest every 4 hours, upgrades paid in RUNIK, troops trained from resources. Amounts in
 * thousandths; RUNIK lives in the ledger under the city's id.
 */
export class City {
  chLevel = STARTING_CITY_HALL_LEVEL;
  levels = recordOf(BUILDING_KEYS, () => STARTING_BUILDING_LEVEL);
  resources = recordOf(RESOURCE_KEYS, (resource) => toThousandths(STARTING_RESOURCES[resource]));
  storedPending = noResources();
  anchorMs: number;
  lastHarvestMs: number | null = null;
  army: Troops = noTroops();
  injured: Troops = noTroops();
  queue = new Map<MilitaryBuildingKey, Batch>();
  charges: ChargeState;
  gears: OwnedGear[] = [];
  /** Resources harvested since the game day began (the emission shares weigh yesterday's). */
  harvestedToday: ResourceAmounts | null = null;
  /** RUNIK credited by conversions on the cap's current day. */
  private converted = { day: '', credited: 0 };
  private readonly terms: ConversionTerms;

  constructor(
    readonly id: number,
    private readonly constants: EconomyConstants,
    private readonly ledger: RunikLedger,
    nowMs: number,
  ) {
    this.anchorMs = nowMs;
    this.charges = { charges: ATTACK_CHARGES_MAX, anchorMs: nowMs };
    this.terms = { rates: constants.conversionRates, taxPercent: constants.conversionTaxPercent };
  }

  get runik(): number {
    return this.ledger.balance(this.id);
  }

  equipped(): OwnedGear[] {
    return this.gears.filter((gear) => gear.equipped);
  }

  pending(nowMs: number): ResourceAmounts {
    return pendingResources(
      {
        chLevel: this.chLevel,
        levels: this.levels,
        gearBonuses: mayorGearBonuses(this.equipped()),
        army: this.army,
        storedPending: this.storedPending,
        anchorMs: this.anchorMs,
      },
      nowMs,
      this.constants.pendingCapHours,
    );
  }

  /** Production so far kept at the old rates before a rate or the upkeep changes (levels, mayor gear, the army), as the server banks it. */
  bank(nowMs: number): void {
    this.storedPending = this.pending(nowMs);
    this.anchorMs = nowMs;
  }

  /** A raid took `taken` of the production pending before the battle: the rest stays banked. */
  settleRaid(pendingBefore: ResourceAmounts, taken: ResourceAmounts, nowMs: number): void {
    for (const resource of RESOURCE_KEYS) this.storedPending[resource] = pendingBefore[resource] - taken[resource];
    this.anchorMs = nowMs;
  }

  /** Collects the pending production, once every 4 hours. */
  harvest(nowMs: number): void {
    if (this.lastHarvestMs !== null && nowMs < this.lastHarvestMs + HARVEST_INTERVAL_MS) return;
    const pending = this.pending(nowMs);
    this.harvestedToday ??= noResources();
    for (const resource of RESOURCE_KEYS) {
      this.resources[resource] += pending[resource];
      this.harvestedToday[resource] += pending[resource];
    }
    this.ledger.harvested(this.id, pending);
    this.storedPending = noResources();
    this.anchorMs = nowMs;
    this.lastHarvestMs = nowMs;
  }

  finishTraining(nowMs: number): void {
    for (const [building, batch] of this.queue) {
      if (batch.completesMs > nowMs) continue;
      this.army[militaryBuilding(building).unitKey] += batch.count;
      this.queue.delete(building);
    }
  }

  /**
   * Converts each resource held to RUNIK, one resource per call as a player picks them, as much as
   * the daily cap and `emissionLeft` (a paid player's emission share) leave (`gameDay` names the
   * cap's day); the tax goes to the tax account. `gameOnly`: a free account's conversion, minted locked
   * (the server's `convert-to-game-runik`). Returns the RUNIK credited to the player.
   */
  convertToRunik(gameDay: string, emissionLeft = Number.MAX_SAFE_INTEGER, gameOnly = false): number {
    if (this.converted.day !== gameDay) this.converted = { day: gameDay, credited: 0 };
    let credited = 0;
    for (const resource of RESOURCE_KEYS) {
      const left = Math.min(conversionLeftToday(this.converted.credited, this.constants.dailyConversionCap), emissionLeft - credited);
      const held = floorTo(this.resources[resource], 2);
      if (held <= 0 || left <= 0) continue;
      // Everything held, or what the cap allows (a second preview, as a player would see the maximum and pick it).
      let preview = previewToRunik([resource], held, this.resources, this.terms, left);
      if (preview.maxAmount < held) preview = previewToRunik([resource], preview.maxAmount, this.resources, this.terms, left);
      const amount = preview.resourceAmounts[resource] ?? 0;
      if (!preview.feasible || preview.runikAfterTax === 0) continue;
      this.resources[resource] -= amount;
      this.converted.credited += preview.runikAfterTax;
      credited += preview.runikAfterTax;
      this.ledger.mint(
        'conversion',
        [
          [this.id, preview.runikAfterTax],
          ['system:tax', preview.tax],
        ],
        gameOnly,
      );
    }
    return credited;
  }

  /** The cost of the next level of City Hall or a building, or null when it is blocked. */
  upgradeCost(key: typeof CITY_HALL_KEY | BuildingKey): number | null {
    if (key === CITY_HALL_KEY) return cityHallUpgradeBlock(this.chLevel) ? null : cityHallUpgradeCost(this.chLevel);
    if (buildingUpgradeBlock(key, this.levels[key], this.chLevel)) return null;
    return buildingUpgradeCost(key, this.levels[key], this.constants.buildingExponents[key]);
  }

  upgrade(key: typeof CITY_HALL_KEY | BuildingKey, nowMs: number): boolean {
    const cost = this.upgradeCost(key);
    if (cost === null || cost > this.runik) return false;
    this.ledger.burn('upgrades', this.id, cost);
    this.bank(nowMs);
    if (key === CITY_HALL_KEY) this.chLevel += 1;
    else this.levels[key] += 1;
    return true;
  }

  /** Trains the most units of the building's kind that `budget` pays for, if the building is free. */
  train(building: MilitaryBuildingKey, budget: ResourceAmounts, nowMs: number): number {
    if (!isBuildingUnlocked(building, this.chLevel) || this.queue.has(building)) return 0;
    const count = Math.min(MAX_TRAINING_BATCH, maxTrainable(building, budget));
    if (count === 0) return 0;
    const cost = trainingCost(building, count);
    for (const resource of RESOURCE_KEYS) this.resources[resource] -= cost[resource];
    this.queue.set(building, { count, completesMs: nowMs + trainingDurationMs(building, this.levels[building], count) });
    return count;
  }

  /** Pays RUNIK to finish every queued batch now, while the balance covers it. */
  speedUp(nowMs: number): void {
    for (const batch of this.queue.values()) {
      const cost = speedupCost(remainingMinutes(batch.completesMs, nowMs));
      if (cost === 0 || cost > this.runik) continue;
      this.ledger.burn('speed-ups', this.id, cost);
      this.bank(nowMs);
      batch.completesMs = nowMs;
    }
    this.finishTraining(nowMs);
  }

  /** Heals every injured unit when the resources cover 25% of their training cost. */
  heal(nowMs: number): void {
    if (UNIT_KEYS.every((unit) => this.injured[unit] === 0)) return;
    const cost = healingCost(this.injured);
    if (RESOURCE_KEYS.some((resource) => cost[resource] > this.resources[resource])) return;
    this.bank(nowMs);
    for (const resource of RESOURCE_KEYS) this.resources[resource] -= cost[resource];
    for (const unit of UNIT_KEYS) {
      this.army[unit] += this.injured[unit];
      this.injured[unit] = 0;
    }
  }

  /** Buys resources with RUNIK at the conversion rates (cost rounded up); only resources City Hall has unlocked. */
  buyResources(amounts: Partial<ResourceAmounts>): void {
    if (RESOURCE_KEYS.some((resource) => (amounts[resource] ?? 0) > 0 && this.chLevel < UNLOCKS[resource])) return;
    const cost = runikCostOf(amounts, this.constants.conversionRates);
    if (cost === 0 || cost > this.runik) return;
    this.ledger.burn('resources-bought', this.id, cost);
    for (const resource of RESOURCE_KEYS) this.resources[resource] += amounts[resource] ?? 0;
  }

  applyLosses({ dead, injured }: { dead: Troops; injured: Troops }): void {
    for (const unit of UNIT_KEYS) {
      this.army[unit] -= dead[unit] + injured[unit];
      this.injured[unit] += injured[unit];
    }
  }

  /**
   * A new gear: worn when its slot is empty or it beats what is worn there; otherwise it stays
   * spare (for the marketplace or the blacksmith).
   */
  receiveGear(gear: { type: GearType; rarity: GearRarity; level: number }, nowMs: number): void {
    const owned: OwnedGear = { ...gear, currentExp: 0, expValue: gearBaseExp(gear.rarity, gear.level), equipped: false };
    this.gears.push(owned);
    const worn = this.gears.find((candidate) => candidate.equipped && candidate.type === gear.type);
    if (!worn || gearStatPercent(gear.rarity, gear.level) > gearStatPercent(worn.rarity, worn.level)) {
      if (gearCategory(gear.type) === 'mayor') this.bank(nowMs);
      if (worn) worn.equipped = false;
      owned.equipped = true;
    }
  }

  spares(): OwnedGear[] {
    return this.gears.filter((gear) => !gear.equipped);
  }

  /** Feeds spare gears to the blacksmith: each into the worn gear of its type, else the best worn gear. */
  smelt(materials: OwnedGear[], nowMs: number): void {
    for (const material of materials) {
      const worn = this.equipped();
      const target =
        worn.find((gear) => gear.type === material.type) ??
        worn.sort((a, b) => gearStatPercent(b.rarity, b.level) - gearStatPercent(a.rarity, a.level))[0];
      if (!target) continue;
      if (gearCategory(target.type) === 'mayor') this.bank(nowMs);
      const grown = addExp(target.level, target.currentExp, material.expValue);
      target.expValue += absorbedExp(target.level, target.currentExp, material.expValue);
      target.level = grown.level;
      target.currentExp = grown.currentExp;
      this.gears.splice(this.gears.indexOf(material), 1);
    }
  }
}
