import { useEffect, useState, type RefObject } from 'react';

/**
 * Where the coach card sits: at the bottom of the screen, or under the navigation bar while the control
 * it points at is down there; or in the page above the screen, where it may not float over it ('in-page').
 */
export type Placement = 'bottom' | 'top' | 'in-page';
type Floating = Exclude<Placement, 'in-page'>;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Room above a control for the arrow drawn over it (first-steps.css). */
const ARROW_ROOM_PX = 20;

const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
const other = (placement: Floating): Floating => (placement === 'bottom' ? 'top' : 'bottom');

/** What a card at `placement` hides: its own box and the strip of screen between it and the edge it sits on. */
function hiddenBy(placement: Floating, card: Box): Box {
  return placement === 'bottom' ? { ...card, bottom: Infinity } : { ...card, top: -Infinity };
}

/** A DOMRect's edges as a plain object (its own fields do not spread). */
function plain({ top, bottom, left, right }: Box): Box {
  return { top, bottom, left, right };
}

/**
 * Keeps the fixed coach card off the control it points at and, where it can, off the card around it:
 * when they (or the control's arrow) are under the card, or between it and the screen's edge, the card
 * moves to the other end of the screen, unless it would hide them there too. It moves back only when it hides the control again
 * or the control leaves the screen, so it never jumps about while the player scrolls over the control. Also measures the card, for the room the page
 * keeps below its content.
 */
export function useCardPlacement(card: RefObject<HTMLElement | null>, target: HTMLElement | null): { placement: Floating; height: number } {
  const [placement, setPlacement] = useState<Floating>('bottom');
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const measure = () => setHeight(element.offsetHeight);
    measure();
    // jsdom has no ResizeObserver: the first measure is all it gets.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [card]);

  useEffect(() => {
    const element = card.current;
    if (!element || !target) return;
    // The card is fixed, so each placement's box stays put until the window changes size.
    let boxes: Partial<Record<Floating, Box>> = {};
    let current: Floating = 'bottom';
    let frame = 0;
    const place = () => {
      frame = 0;
      const here = plain(element.getBoundingClientRect());
      boxes[current] = here;
      const { top, bottom, left, right } = target.getBoundingClientRect();
      // Off the screen, the card hides nothing of it: back at the bottom, where it opens (else where it sits would depend on
      // whether the control showed for a moment while the page's panels loaded above it).
      if (bottom <= 0 || top >= window.innerHeight) {
        if (current !== 'bottom') {
          current = 'bottom';
          setPlacement(current);
        }
        return;
      }
      const control = { top: top - ARROW_ROOM_PX, bottom, left, right };
      // Best clear of the control's whole card, with the figures the step talks about (a cost, the
      // resources: issue 35); where no placement clears that, clear of the control at least.
      const panel = target.closest('.panel');
      const area = panel ? plain(panel.getBoundingClientRect()) : control;
      const clearAt = (placement: Floating, box: Box): boolean | undefined => {
        const cardBox = boxes[placement];
        return cardBox && !overlaps(box, hiddenBy(placement, cardBox));
      };
      for (const wanted of [{ ...area, top: Math.min(area.top, control.top) }, control]) {
        if (clearAt(current, wanted)) return;
        // Unmeasured, the other end is tried (and measured) first.
        if (clearAt(other(current), wanted) !== false) {
          current = other(current);
          setPlacement(current);
          return;
        }
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    const resized = () => {
      boxes = {};
      schedule();
    };
    setPlacement(current);
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', resized);
    // The page's content growing or shrinking (a panel loaded above the control) moves the control as a scroll does.
    const layout = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    layout?.observe(document.body);
    return () => {
      layout?.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', resized);
    };
  }, [card, target]);

  return { placement, height };
}
