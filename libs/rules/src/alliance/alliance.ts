/** Alliance constants (spec, section 9) and the expansion price we chose (docs/decisions.md). */
export const ALLIANCE_CREATION_FEE = 25_000;
export const ALLIANCE_STARTING_CAPACITY = 2;
/** How long an invitation link a member creates lets one player in without the leader (docs/decisions.md). */
export const ALLIANCE_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Open invitations (unused, unrevoked, unexpired) one alliance may have at once: twice its largest size (docs/decisions.md). */
export const ALLIANCE_OPEN_INVITATIONS_MAX = 20;
export const ALLIANCE_MAX_MEMBERS = 10;
export const ALLIANCE_NAME_MAX = 30;
export const ALLIANCE_TAG_LENGTH = 3;
export const ALLIANCE_DESCRIPTION_MAX = 200;

/** RUNIK for the next place: 10,000 for the 3rd member, 20,000 for the 4th, ... 80,000 for the 10th. */
export const ALLIANCE_EXPANSION_STEP = 10_000;

/** Price in whole RUNIK of going from `maxMembers` to `maxMembers + 1`, or null at the maximum. */
export function allianceExpansionCost(maxMembers: number): number | null {
  return maxMembers >= ALLIANCE_MAX_MEMBERS ? null : ALLIANCE_EXPANSION_STEP * (maxMembers - 1);
}

/** Tags are stored and compared upper-cased. */
export function normalizeAllianceTag(tag: string): string {
  return tag.trim().toUpperCase();
}

export function isValidAllianceTag(tag: string): boolean {
  return /^[A-Z0-9]{3}$/.test(tag);
}

/** The spec's 16 icons, id and label. */
export const ALLIANCE_ICONS = [
  { id: 'shield', label: 'Shield' },
  { id: 'swords', label: 'Swords' },
  { id: 'dragon', label: 'Dragon' },
  { id: 'dragonHead', label: 'Dragon Head' },
  { id: 'fire', label: 'Fire' },
  { id: 'bolt', label: 'Lightning' },
  { id: 'lightning', label: 'Thunder' },
  { id: 'crown', label: 'Crown' },
  { id: 'skull', label: 'Skull' },
  { id: 'castle', label: 'Castle' },
  { id: 'wolf', label: 'Wolf' },
  { id: 'lion', label: 'Lion' },
  { id: 'tiger', label: 'Tiger' },
  { id: 'bear', label: 'Bear' },
  { id: 'eagle', label: 'Eagle' },
  { id: 'swordsPower', label: 'Blades' },
] as const;

export type AllianceIcon = (typeof ALLIANCE_ICONS)[number]['id'];
export const ALLIANCE_ICON_IDS = ALLIANCE_ICONS.map((icon) => icon.id) as [AllianceIcon, ...AllianceIcon[]];
export const DEFAULT_ALLIANCE_ICON: AllianceIcon = 'shield';
