import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Button } from './button';

export type SaveButtonProps = {
  /** The recipe is in the user's saved list. */
  saved: boolean;
  /** Toggles: saving an unsaved recipe, unsaving a saved one. */
  onToggle: () => void;
  disabled?: boolean;
};

/** The recipe detail's Save/Saved toggle (spec §2); the state is exposed with aria-pressed. */
export function SaveButton({ saved, onToggle, disabled }: SaveButtonProps) {
  return (
    <Button
      variant={saved ? 'primary' : 'secondary'}
      aria-pressed={saved}
      disabled={disabled}
      onClick={onToggle}
    >
      {saved ? <BookmarkCheck size={18} aria-hidden /> : <Bookmark size={18} aria-hidden />}
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
