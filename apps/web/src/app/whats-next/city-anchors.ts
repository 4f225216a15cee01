/** Where on the City a line's action is: the headings of its cards (an in-page link, no reload). */
export const CityAnchors = {
  resources: 'city-resources-title',
  quests: 'city-quests-title',
  building: (key: string) => `city-building-${key}-title`,
} as const;
