import { defineContractFuzz } from './support/run-contract-fuzz.js';

// Categories, recipes, saves, reactions, reviews and comments.
defineContractFuzz('recipes', [
  'listCategories',
  'createCategory',
  'renameCategory',
  'deleteCategory',
  'listTrendingRecipes',
  'listRecipes',
  'createRecipe',
  'getRecipe',
  'updateRecipe',
  'deleteRecipe',
  'importRecipe',
  'uploadRecipePhoto',
  'listRecipesByUser',
  'toggleRecipeSave',
  'reactToRecipe',
  'listRecipeReactions',
  'listRecipeReviews',
  'createReview',
  'updateReview',
  'deleteReview',
  'addComment',
  'deleteComment',
]);
