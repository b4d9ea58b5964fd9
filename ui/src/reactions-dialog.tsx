import type { ReactNode } from 'react';
import { Avatar } from './avatar';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { EmptyState } from './empty-state';
import { ReactionIcon } from './reaction-picker';
import { Spinner } from './spinner';
import './reactions-dialog.css';

export type ReactionEntry = {
  /** Display name of the user who reacted. */
  user: string;
  /** LIKE, LOVE, WOW; any other type is shown as a sad face. */
  type: string;
};

const LABELS: Record<string, string> = { LIKE: 'Like', LOVE: 'Love', WOW: 'Wow' };

export type ReactionsListProps = {
  reactions: ReactionEntry[] | undefined;
  loading?: boolean;
  /** A load failure, e.g. "Failed to load reactions." */
  error?: ReactNode;
};

/** Who reacted and how: one row per user with the reaction's icon and name. */
export function ReactionsList({ reactions, loading = false, error }: ReactionsListProps) {
  if (error) return <EmptyState title={error} />;
  if (loading || !reactions) return <Spinner label="Loading reactions…" />;
  if (reactions.length === 0) return <EmptyState title="No reactions yet." />;
  return (
    <ul className="rh-reactions" aria-label="Reactions">
      {reactions.map((reaction, index) => (
        <li key={index} className="rh-reactions__item">
          {/* The name follows in text: the avatar is decoration here. */}
          <span aria-hidden>
            <Avatar name={reaction.user} size={32} />
          </span>
          <span className="rh-reactions__user">{reaction.user}</span>
          <span className="rh-reactions__type" data-reaction={reaction.type}>
            <ReactionIcon type={reaction.type} size={16} />
            {LABELS[reaction.type] ?? 'Sad'}
          </span>
        </li>
      ))}
    </ul>
  );
}

export type ReactionsDialogProps = ReactionsListProps & {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, e.g. a "View Reactions" button (asChild). */
  trigger?: ReactNode;
  title?: ReactNode;
};

/** The recipe detail's View Reactions modal (spec §2). */
export function ReactionsDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title = 'Reactions',
  ...list
}: ReactionsDialogProps) {
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="rh-visually-hidden">
          Everyone who reacted to this recipe, and how.
        </DialogDescription>
        <div className="rh-reactions__body">
          <ReactionsList {...list} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
