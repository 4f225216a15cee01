import { createContext, type ComponentType } from 'react';

/**
 * What the City shows at its top from other features' data (issue 45: the player's timers in one place, and what
 * happened while they were away). The shell puts the panel here, so the City shows it without importing the
 * features it reads (attack, citadel, throne, notifications); nothing without it.
 */
export const CityTopPanelContext = createContext<ComponentType<{ username: string }>>(() => null);
