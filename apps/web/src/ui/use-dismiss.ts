import { useEffect, useEffectEvent, type RefObject } from 'react';

interface DismissOptions {
  active: boolean;
  onDismiss: () => void;
  /** Pressing the pointer outside this element dismisses too. */
  containerRef: RefObject<HTMLElement | null>;
}

/**
 * The open popups, the latest last. Only the latest answers Escape or a press outside: a
 * confirmation over a popup closes alone, and a press on it does not close the popup below.
 */
const openPopups: object[] = [];

/** Closes a popup (dropdown, modal) on Escape or on a press outside it. */
export function useDismiss({ active, onDismiss, containerRef }: DismissOptions): void {
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!active) return;
    const popup = {};
    openPopups.push(popup);
    const isLatest = () => openPopups.at(-1) === popup;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isLatest()) dismiss();
    };
    const onPointerDown = (event: PointerEvent) => {
      const container = containerRef.current;
      const target = event.target;
      // A press on what floats over every popup (the toasts) is not a press outside one.
      if (target instanceof Element && target.closest('[data-over-popups]')) return;
      if (container && isLatest() && target instanceof Node && !container.contains(target)) dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      openPopups.splice(openPopups.indexOf(popup), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [active, containerRef]);
}
