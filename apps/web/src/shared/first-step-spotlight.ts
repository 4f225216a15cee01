/**
 * Set by the first-steps guide on the control it points at (features/first-steps/use-spotlight.ts); first-steps.css
 * draws the highlight. A screen reads it to open what the guide's card describes (the Convert popup pre-filled with
 * the amount the card names).
 */
export const SPOTLIGHT_ATTRIBUTE = 'data-first-step-current';

/** Whether the guide points at this control now. */
export function isSpotlit(element: Element): boolean {
  return element.hasAttribute(SPOTLIGHT_ATTRIBUTE);
}
