import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { createCategory } from './db-factories.js';
import type { Orm } from '../../src/db/database.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import type { RecipeWorld } from './recipe-world.js';

/** Title, ingredients, instructions, category names; listed oldest first. */
type Row = [string, string, string, string[]];

/**
 * The judged search fixture (test/recipes/search-relevance.test.ts): recipes written so that the
 * best answers to its queries are known by hand. Words a query looks for occur only where the
 * comment says; `Everyday Bowl` recipes hold "rice" in their ingredients and instructions (many
 * matches, all newer than the recipes they compete with), the last few match nothing queried.
 */
const ROWS: Row[] = [
  [
    'Saffron Rice',
    'basmati rice\nsaffron threads\nghee',
    'Steam gently with the saffron.',
    ['Curry'],
  ],
  ['Leg of Lamb', '1 leg of lamb\ngarlic\nrosemary', 'Roast slowly.', ['Curry']],
  ['Ox Tail Soup', 'oxtail\ncarrots\nonion', 'Simmer for three hours.', ['Curry']],
  ['Oxford Pudding', 'flour\nbutter\nsugar', 'Bake until set.', ['Dessert']],
  ['Crème brûlée', 'cream\nsugar\nvanilla', 'Torch the sugar.', ['Dessert']],
  ['Creme Caramel', 'milk\neggs\nsugar', 'Bake in a water bath.', ['Dessert']],
  ['Cardamom Tea', 'tea leaves\nmilk\ncardamom pods', 'Brew.', ['Drinks']],
  ['Mango Lassi', 'mango\nyoghurt\ncardamom', 'Blend until smooth.', ['Drinks']],
  ['Tomato Soup', 'tomatoes\nbasil', 'Blend the tomatoes.', ['Curry']],
  ['Shakshuka', 'eggs\ntomatoes\npaprika', 'Simmer the sauce, crack in the eggs.', ['Breakfast']],
  ['Breakfast Burrito', 'eggs\ntortilla\nbeans', 'Wrap tightly.', ['Curry']],
  ['Masala Omelette', 'eggs\nonion\nchilli', 'Whisk and fry.', ['Breakfast']],
  ['Lemon Chicken', 'chicken thighs\nlemon\ngarlic', 'Roast.', ['Curry']],
  ['Chicken Roast', 'whole chicken\nlemon\nthyme', 'Roast.', ['Curry']],
  ['Herb Stew', 'chicken stock\nlemon zest\nparsley', 'Stew gently.', ['Curry']],
  ['Chicken Curry', 'chicken\nonion\ngaram masala', 'Fry the onions.', ['Curry']],
  ['Beef Bhuna', '1 kg beef\nginger\nonion', 'Cook down slowly.', ['Curry']],
  ['Ginger Beer', 'ginger root\nsugar\nlemon', 'Ferment for two days.', ['Drinks']],
  ['Plain Dal', 'red lentils\nturmeric', 'Temper with cumin and a little ginger.', ['Curry']],
  ['Saffron Rice Pudding', 'rice\nmilk\nsaffron', 'Simmer slowly.', ['Dessert']],
  ['Rice and Saffron Pilaf', 'rice\nsaffron\nstock', 'Cook covered.', ['Curry']],
  ['Kacchi Biryani', 'mutton\nrice\nsaffron milk', 'Layer and steam.', ['Curry']],
  ['ভাপা ইলিশ', 'ইলিশ মাছ\nmustard\nchilli', 'Steam in a banana leaf.', ['Seafood']],
  ['Jeera Rice', 'rice\ncumin seeds', 'Boil.', ['Curry']],
  ['Jeera Rice', 'rice\ncumin seeds', 'Boil.', ['Curry']],
  ['Jeera Rice', 'rice\ncumin seeds', 'Boil.', ['Curry']],
  ...Array.from({ length: 12 }, (_, i): Row => [
    `Everyday Bowl ${i + 1}`,
    'rice\nwater\nsalt',
    'Boil the rice.',
    ['Curry'],
  ]),
  ['Fruit Salad', 'apple\npear', 'Chop.', ['Drinks']],
  ['Green Smoothie', 'spinach\nbanana', 'Blend.', ['Drinks']],
  ['Potato Wedges', 'potatoes\npaprika', 'Bake.', ['Curry']],
  ['Fish Fry', 'fish\nturmeric', 'Fry.', ['Seafood']],
  ['Dinner Roll', 'flour\nyeast', 'Knead.', ['Curry']],
  ['Iced Coffee', 'coffee\nice', 'Chill.', ['Drinks']],
];

export interface SearchFixture {
  /** Recipe ids in fixture order (oldest first); titles repeat, so tests name recipes by index. */
  ids: number[];
  titles: string[];
  categories: Map<string, Category>;
}

/** Writes the fixture, each recipe a minute newer than the one before. */
export async function addSearchFixture(orm: Orm, world: RecipeWorld): Promise<SearchFixture> {
  const em = orm.em.fork();
  const categories = new Map(world.categories.map((category) => [category.name, category]));
  for (const name of ['Breakfast', 'Drinks']) categories.set(name, await createCategory(em, name));
  const recipes = ROWS.map(([title, ingredients, instructions, names]) => {
    const recipe = em.create(Recipe, {
      title,
      img: null,
      ingredients,
      instructions,
      author: world.chef.user,
    });
    recipe.categories.set(names.map((name) => categories.get(name)!));
    return recipe;
  });
  await em.flush();
  for (const [i, recipe] of recipes.entries()) {
    const createdAt = new Date(Date.UTC(2025, 0, 1, 0, i));
    await em.nativeUpdate(Recipe, { id: recipe.id }, { createdAt });
  }
  return { ids: recipes.map((recipe) => recipe.id), titles: ROWS.map((row) => row[0]), categories };
}
