import { useEffect, useState } from 'react';
import { SPOTLIGHT_ATTRIBUTE } from '../../shared/first-step-spotlight';
import type { Pointer } from './first-steps-catalog';

/** Set on the control the guide points at (shared: a screen may read it); first-steps.css draws the highlight and the arrow. */
export { SPOTLIGHT_ATTRIBUTE };

export interface Spotlight {
  target: HTMLElement;
  pointer: Pointer;
}

/** Whether the element is rendered (a link of a collapsed navigation bar is not); a browser without checkVisibility shows all. */
function isShown(element: HTMLElement): boolean {
  return typeof element.checkVisibility !== 'function' || element.checkVisibility();
}

/** The first pointer whose control is on the page and shown. */
function firstShown(pointers: readonly Pointer[]): Spotlight | null {
  for (const pointer of pointers) {
    const target = [...document.querySelectorAll<HTMLElement>(pointer.selector)].find(isShown);
    if (target) return { target, pointer };
  }
  return null;
}

/**
 * Highlights the first of `pointers` found on the page, and follows the page as it changes (a
 * screen loading, a button turning enabled, a menu opening). `pointers` must keep its identity
 * while the step stays the same.
 */
export function useSpotlight(pointers: readonly Pointer[]): Spotlight | null {
  const [spotlight, setSpotlight] = useState<Spotlight | null>(null);

  useEffect(() => {
    // Undefined until the first look, so a new list of pointers always replaces the last one's result.
    let current: Spotlight | null | undefined;
    const follow = () => {
      const next = firstShown(pointers);
      if (current !== undefined && next?.target === current?.target && next?.pointer === current?.pointer) return;
      current?.target.removeAttribute(SPOTLIGHT_ATTRIBUTE);
      next?.target.setAttribute(SPOTLIGHT_ATTRIBUTE, '');
      current = next;
      setSpotlight(next);
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'class', 'hidden'] });
    window.addEventListener('resize', follow);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', follow);
      current?.target.removeAttribute(SPOTLIGHT_ATTRIBUTE);
    };
  }, [pointers]);

  return spotlight;
}
