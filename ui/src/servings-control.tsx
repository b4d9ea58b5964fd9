import * as Label from '@radix-ui/react-label';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button';
import './servings-control.css';

export type ServingsControlProps = {
  /** The visible label ("Servings", "Scale"). */
  label: ReactNode;
  /** The current step: a servings count, or an index into the caller's list of factors. */
  value: number;
  min: number;
  max: number;
  onValueChange(value: number): void;
  /** What a value reads as ("6 servings", "×1½"); also what screen readers announce. */
  valueText(value: number): string;
  /** The recipe's own value: when `value` differs, a Reset button returns to it. */
  defaultValue?: number;
  decreaseLabel?: string;
  increaseLabel?: string;
  /** A line under the control (e.g. why there is a factor instead of servings). */
  hint?: ReactNode;
  className?: string;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type SpinbuttonProps = {
  value: number;
  min: number;
  max: number;
  /** What the value reads as, shown and announced. */
  text: string;
  labelId: string;
  hintId?: string;
  /** Asked for the next value (unbounded); the caller clamps it. */
  onStep(next: number): void;
};

/** The focusable value between − and +, with the APG spinbutton's keys. */
function Spinbutton({ value, min, max, text, labelId, hintId, onStep }: SpinbuttonProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowUp: value + 1,
      ArrowRight: value + 1,
      ArrowDown: value - 1,
      ArrowLeft: value - 1,
      PageUp: value + 5,
      PageDown: value - 5,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onStep(next);
  };
  return (
    <div
      className="rh-servings__value"
      role="spinbutton"
      tabIndex={0}
      aria-labelledby={labelId}
      aria-describedby={hintId}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={text}
      onKeyDown={onKeyDown}
    >
      {text}
    </div>
  );
}

/**
 * A stepper for how much of a recipe to make: − and + buttons around a spinbutton (the WAI-ARIA
 * APG pattern: Up/Down step, Page Up/Page Down step by 5, Home/End jump to the ends). Radix has
 * no spinbutton primitive; the label is Radix's. The value is announced politely as it changes.
 */
export function ServingsControl({
  label,
  value,
  min,
  max,
  onValueChange,
  valueText,
  defaultValue,
  decreaseLabel = 'Fewer',
  increaseLabel = 'More',
  hint,
  className,
}: ServingsControlProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const set = (next: number) => {
    const bounded = clamp(next, min, max);
    if (bounded !== value) onValueChange(bounded);
  };
  const changed = defaultValue !== undefined && value !== defaultValue;

  return (
    <div
      className={['rh-servings', className].filter(Boolean).join(' ')}
      data-state={changed ? 'scaled' : 'original'}
    >
      <Label.Root id={labelId} className="rh-servings__label">
        {label}
      </Label.Root>
      <div className="rh-servings__row">
        <Button
          variant="secondary"
          size="icon"
          aria-label={decreaseLabel}
          disabled={value <= min}
          onClick={() => set(value - 1)}
        >
          <Minus size={18} aria-hidden />
        </Button>
        <Spinbutton
          value={value}
          min={min}
          max={max}
          text={valueText(value)}
          labelId={labelId}
          hintId={hint === undefined ? undefined : hintId}
          onStep={set}
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label={increaseLabel}
          disabled={value >= max}
          onClick={() => set(value + 1)}
        >
          <Plus size={18} aria-hidden />
        </Button>
        {changed && (
          <Button variant="ghost" size="sm" onClick={() => set(defaultValue)}>
            <RotateCcw size={16} aria-hidden />
            Reset to {valueText(defaultValue)}
          </Button>
        )}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="rh-servings__hint">
          {hint}
        </p>
      )}
      {/* The spinbutton's own value is read when focused; this tells everyone else. */}
      <span className="rh-servings__live" aria-live="polite">
        {changed ? `Amounts for ${valueText(value)}` : ''}
      </span>
    </div>
  );
}
