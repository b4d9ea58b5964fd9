import * as Popover from '@radix-ui/react-popover';
import { Frown, Heart, Sparkles, ThumbsUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from './button';
import './reaction-picker.css';

/** The types a user can pick; the API knows a fourth one (SAD), shown as a sad face. */
export const PICKABLE_REACTIONS = ['LIKE', 'LOVE', 'WOW'] as const;
export type ReactionType = (typeof PICKABLE_REACTIONS)[number] | 'SAD';

const LABELS: Record<ReactionType, string> = { LIKE: 'Like', LOVE: 'Love', WOW: 'Wow', SAD: 'Sad' };

/** Spec: the icon shows a sad face for any type other than LIKE, LOVE and WOW. */
export function ReactionIcon({ type, size = 18 }: { type: string | null; size?: number }) {
  switch (type) {
    case null:
    case 'LIKE':
      return <ThumbsUp size={size} aria-hidden data-reaction="LIKE" />;
    case 'LOVE':
      return <Heart size={size} aria-hidden data-reaction="LOVE" />;
    case 'WOW':
      return <Sparkles size={size} aria-hidden data-reaction="WOW" />;
    default:
      return <Frown size={size} aria-hidden data-reaction="SAD" />;
  }
}

export type ReactionPickerProps = {
  /** The current user's reaction, if any. */
  value: ReactionType | null;
  /** Choosing the current type again removes it (the server answers "reaction removed"). */
  onReact: (type: ReactionType) => void;
  total?: number;
  disabled?: boolean;
  /** Start with the options shown (stories). */
  defaultOpen?: boolean;
};

/** A reaction button: hovering or focusing it offers LIKE, LOVE and WOW. */
export function ReactionPicker({
  value,
  onReact,
  total,
  disabled,
  defaultOpen = false,
}: ReactionPickerProps) {
  const [open, setOpen] = useState(defaultOpen);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = () => {
    clearTimeout(closeTimer.current);
    if (!disabled) setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 200);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <span
          style={{ display: 'inline-flex' }}
          onMouseEnter={show}
          onMouseLeave={hideSoon}
          onFocus={show}
        >
          <Button
            variant="secondary"
            className="rh-reaction__trigger"
            aria-pressed={value !== null}
            aria-haspopup="true"
            aria-expanded={open}
            disabled={disabled}
            onClick={() => onReact(value ?? 'LIKE')}
          >
            <ReactionIcon type={value} />
            {value ? LABELS[value] : 'React'}
            {total !== undefined && <span aria-label={`${total} reactions`}>({total})</span>}
          </Button>
        </span>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className="rh-reaction__panel"
          side="top"
          align="start"
          sideOffset={6}
          aria-label="Choose a reaction"
          onOpenAutoFocus={(event) => event.preventDefault()}
          onMouseEnter={show}
          onMouseLeave={hideSoon}
        >
          {PICKABLE_REACTIONS.map((type) => (
            <button
              key={type}
              type="button"
              className="rh-reaction__option"
              aria-pressed={value === type}
              onClick={() => {
                onReact(type);
                setOpen(false);
              }}
            >
              <ReactionIcon type={type} size={20} />
              {LABELS[type]}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
