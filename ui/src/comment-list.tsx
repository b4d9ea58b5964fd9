import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from './avatar';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { formatDateTime } from './format';
import './comment-list.css';

export type CommentItem = {
  id: number;
  content: string;
  /** Display name of the author. */
  user: string;
  /** ISO timestamp. */
  created: string;
  /** From the API: the current user may delete this comment. */
  can_delete: boolean;
};

export type CommentListProps = {
  comments: CommentItem[];
  onDelete: (id: number) => void;
  /** Id of a comment being deleted (its button is disabled). */
  deletingId?: number;
  /** More actions for a comment, beside Delete (the app's "Report"). */
  renderActions?: (id: number) => ReactNode;
};

export function CommentList({ comments, onDelete, deletingId, renderActions }: CommentListProps) {
  if (comments.length === 0) return <EmptyState title="No comments yet." />;
  return (
    <ul className="rh-comments" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="rh-comment">
          <Avatar name={comment.user} size={36} />
          <div>
            <div className="rh-comment__header">
              <span className="rh-comment__author">{comment.user}</span>
              <time className="rh-comment__time" dateTime={comment.created}>
                {formatDateTime(comment.created)}
              </time>
            </div>
            <p className="rh-comment__content">{comment.content}</p>
            {renderActions?.(comment.id)}
          </div>
          {comment.can_delete && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete comment by ${comment.user}`}
              disabled={deletingId === comment.id}
              onClick={() => onDelete(comment.id)}
            >
              <Trash2 size={18} aria-hidden />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
