import { ChevronLeft, ChevronRight, Timer } from 'lucide-react';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import { Button } from './button';
import './cook-step.css';

export type TimerOffer = {
  /** "10 min". */
  label: string;
  onStart(): void;
};

export type CookStepProps = {
  /** 0-based. */
  index: number;
  total: number;
  text: ReactNode;
  onPrevious(): void;
  onNext(): void;
  /** Timers the step's text suggests ("simmer for 10 minutes" → 10 min). */
  timerOffers?: TimerOffer[];
};

/** How far a finger must travel sideways (px) before a swipe turns the step. */
export const SWIPE_DISTANCE = 60;

/**
 * One step of cook mode, in large type: "Step 2 of 6", the step's text, timer buttons for the
 * durations it names, and Previous/Next. A horizontal swipe (touch or pen) turns the step too;
 * the area lets the browser keep vertical scrolling (`touch-action: pan-y`). The heading and
 * text form one polite live region, so a screen reader reads the new step when it changes.
 */
export function CookStep({
  index,
  total,
  text,
  onPrevious,
  onNext,
  timerOffers = [],
}: CookStepProps) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const first = index === 0;
  const last = index === total - 1;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    // Swiping left brings the next step in from the right, as on a page.
    if (dx < 0 && !last) onNext();
    if (dx > 0 && !first) onPrevious();
  };

  return (
    <section
      className="rh-cook-step"
      aria-label="Current step"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
    >
      <div className="rh-cook-step__live" aria-live="polite" aria-atomic="true">
        <h2 className="rh-cook-step__count">
          Step {index + 1} of {total}
        </h2>
        <p className="rh-cook-step__text">{text}</p>
      </div>
      {timerOffers.length > 0 && (
        <div className="rh-cook-step__timers">
          {timerOffers.map((offer, position) => (
            <Button key={`${offer.label}-${position}`} variant="secondary" onClick={offer.onStart}>
              <Timer size={20} aria-hidden /> Start {offer.label} timer
            </Button>
          ))}
        </div>
      )}
      <nav className="rh-cook-step__nav" aria-label="Steps">
        <Button variant="secondary" onClick={onPrevious} disabled={first}>
          <ChevronLeft size={24} aria-hidden /> Previous
        </Button>
        <Button onClick={onNext} disabled={last}>
          Next <ChevronRight size={24} aria-hidden />
        </Button>
      </nav>
    </section>
  );
}
