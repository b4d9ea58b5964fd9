import { useEffect, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { ReactionPicker } from '@recipehub/ui/reaction-picker';
import { ReactionsDialog } from '@recipehub/ui/reactions-dialog';
import { SaveButton } from '@recipehub/ui/save-button';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { personName, type ReactionType, type RecipeDetail } from './types';
import { useLoginRequired } from './use-login-required';
import { useRecipeReaction, useRecipeSave } from './use-engagement-mutations';

const REACTIONS_FAILED = 'Failed to load reactions.';

/**
 * Reaction button, comment count, Save toggle, total reactions and the View Reactions modal.
 * Reactions and saves change the cached recipe at once and roll back if the server refuses.
 */
export function RecipeEngagement({ recipe }: { recipe: RecipeDetail }) {
  const loginRequired = useLoginRequired();
  const [showReactions, setShowReactions] = useState(false);

  const react = useRecipeReaction(recipe.id);
  const save = useRecipeSave(recipe.id);

  const reactions = trpc.recipes.reactions.useQuery(
    { recipe: recipe.id },
    { enabled: showReactions },
  );
  const reactionsFailed = reactions.isError;
  useEffect(() => {
    // Shown in the modal and as a toast (spec §8).
    if (reactionsFailed) notify.error(REACTIONS_FAILED);
  }, [reactionsFailed]);

  const onReact = (type: ReactionType) => {
    if (!loginRequired('Please log in to react to recipes.')) return;
    react.mutate({ id: recipe.id, reaction_type: type });
  };

  const total = recipe.reaction_counts.total;
  return (
    <div className="recipe-engagement">
      <ReactionPicker value={recipe.user_reaction} onReact={onReact} disabled={react.isPending} />
      <span className="recipe-engagement__count">
        <MessageCircle size={18} aria-hidden />
        {recipe.comments.length} {recipe.comments.length === 1 ? 'comment' : 'comments'}
      </span>
      <SaveButton
        saved={recipe.is_saved_by_user}
        disabled={save.isPending}
        onToggle={() => {
          if (!loginRequired('Please log in to save recipes.')) return;
          save.mutate({ id: recipe.id });
        }}
      />
      <span className="recipe-engagement__count">
        {total} {total === 1 ? 'reaction' : 'reactions'}
      </span>
      <ReactionsDialog
        open={showReactions}
        onOpenChange={setShowReactions}
        trigger={<Button variant="ghost">View Reactions</Button>}
        reactions={reactions.data?.map((reaction) => ({
          user: personName(reaction.user),
          type: reaction.reaction_type,
        }))}
        loading={reactions.isPending}
        error={reactionsFailed ? REACTIONS_FAILED : undefined}
      />
    </div>
  );
}
