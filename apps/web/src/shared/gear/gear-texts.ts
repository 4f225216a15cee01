/** Texts of the Gears page that the spec leaves to us; the spec's own are GearMessages in the contract. */
export const GearTexts = {
  loading: 'Loading gears...',
  emptySlot: 'Empty',
  chooseGear: 'Select to equip',
  loadingAvailable: 'Loading available gears...',
  noAvailable: 'No available gears for this slot.',
  equipped: 'Equipped',
  listed: 'Listed',
  maxLevel: 'Max level',
  replaces: (name: string) => `Equipping another gear replaces ${name}.`,
  pickerTitle: (slot: string) => `Equip ${slot} Gear`,
} as const;
