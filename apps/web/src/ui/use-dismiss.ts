import { useEffect, useEffectEvent, type RefObject } from 'react';

interface DismissOptions {
  active: boolean;
  onDismiss: () => void;
  /** Pressing the pointer outside this element dismisses too. */
  containerRef: RefObject<HTMLElement | null>;
}

/** Closes a popup (dropdown, modal) on Escape or on a press outside it. */
export function useDismiss({ active, onDismiss, containerRef }: DismissOptions): void {
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    const onPointerDown = (event: PointerEvent) => {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [active, containerRef]);
}
