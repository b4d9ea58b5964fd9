import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { withReaction } from './optimistic';

const REACTION_FAILED = 'Failed to add reaction.';
const SAVE_FAILED = 'Failed to save recipe.';

/**
 * recipes.react, shown at once: the cached recipe takes the reaction before the server answers,
 * then the server's counts, and rolls back if the server refuses.
 */
export function useRecipeReaction(recipeId: number) {
  const utils = trpc.useUtils();
  const key = { id: recipeId };
  return trpc.recipes.react.useMutation({
    async onMutate({ reaction_type }) {
      await utils.recipes.get.cancel(key);
      const before = utils.recipes.get.getData(key);
      if (before) utils.recipes.get.setData(key, withReaction(before, reaction_type));
      return { before };
    },
    onSuccess(answer) {
      utils.recipes.get.setData(key, (current) =>
        current
          ? {
              ...current,
              reaction_counts: answer.reaction_counts,
              user_reaction: answer.user_reaction,
              is_liked_by_user: answer.user_reaction !== null,
            }
          : current,
      );
      void utils.recipes.reactions.invalidate({ recipe: recipeId });
      // The server's status text, e.g. "reaction added: LIKE"; "reaction removed" is a success too.
      notify.success(answer.status);
    },
    onError(_error, _input, context) {
      if (context?.before) utils.recipes.get.setData(key, context.before);
      notify.error(REACTION_FAILED);
    },
  });
}

/** recipes.save (a toggle), shown at once like a reaction and rolled back if refused. */
export function useRecipeSave(recipeId: number) {
  const utils = trpc.useUtils();
  const key = { id: recipeId };
  return trpc.recipes.save.useMutation({
    async onMutate() {
      await utils.recipes.get.cancel(key);
      const before = utils.recipes.get.getData(key);
      if (before) {
        utils.recipes.get.setData(key, { ...before, is_saved_by_user: !before.is_saved_by_user });
      }
      return { before };
    },
    onSuccess(answer) {
      const saved = answer.status === 'recipe saved';
      utils.recipes.get.setData(key, (current) =>
        current ? { ...current, is_saved_by_user: saved } : current,
      );
      // The dashboard's Saved tab lists these.
      void utils.recipes.list.invalidate();
      notify.success(saved ? 'Recipe saved!' : 'Recipe unsaved!');
    },
    onError(_error, _input, context) {
      if (context?.before) utils.recipes.get.setData(key, context.before);
      notify.error(SAVE_FAILED);
    },
  });
}
