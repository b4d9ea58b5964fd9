import { useState } from 'react';
import { CommentForm } from '@recipehub/ui/comment-form';
import { CommentList } from '@recipehub/ui/comment-list';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { personName, type RecipeDetail } from './types';
import { ReportAction } from './report-action';
import { useLoginRequired } from './use-login-required';

/** Comments come with the recipe; adding or deleting one updates the cached recipe. */
export function CommentsSection({ recipe }: { recipe: RecipeDetail }) {
  const utils = trpc.useUtils();
  const loginRequired = useLoginRequired();
  const key = { id: recipe.id };
  const [deletingId, setDeletingId] = useState<number>();

  const add = trpc.comments.create.useMutation({
    onSuccess(comment) {
      utils.recipes.get.setData(key, (current) =>
        current ? { ...current, comments: [...current.comments, comment] } : current,
      );
      notify.success('Comment added!');
    },
    onError() {
      notify.error('Failed to add comment.');
    },
  });
  const remove = trpc.comments.delete.useMutation({
    onMutate({ id }) {
      setDeletingId(id);
    },
    onSuccess(_answer, { id }) {
      utils.recipes.get.setData(key, (current) =>
        current
          ? { ...current, comments: current.comments.filter((comment) => comment.id !== id) }
          : current,
      );
      notify.success('Comment deleted!');
    },
    onError() {
      notify.error('Failed to delete comment.');
    },
    onSettled() {
      setDeletingId(undefined);
    },
  });

  return (
    <section className="recipe-section" aria-labelledby="recipe-comments-title">
      <h2 id="recipe-comments-title" className="recipe-section__title">
        Comments ({recipe.comments.length})
      </h2>
      <CommentForm
        pending={add.isPending}
        onSubmit={(content) => {
          if (!loginRequired('Please log in to comment on recipes.'))
            return Promise.reject(new Error('Not logged in'));
          return add.mutateAsync({ recipe: recipe.id, content });
        }}
      />
      <CommentList
        comments={recipe.comments.map((comment) => ({
          id: comment.id,
          content: comment.content,
          user: personName(comment.user),
          created: comment.created,
          can_delete: comment.can_delete,
        }))}
        deletingId={deletingId}
        onDelete={(id) => remove.mutate({ recipe: recipe.id, id })}
        renderActions={(id) => (
          <ReportAction
            targetType="comment"
            targetId={id}
            itemLabel="comment"
            authorHandle={recipe.comments.find((comment) => comment.id === id)?.user.handle ?? null}
          />
        )}
      />
    </section>
  );
}
