import { DEMO, expect, test } from './support/fixtures';
import { pdfPages } from './support/pdf-text';

/*
 * Issue 16, print view: Chromium prints the recipe page (print media, A4) to a PDF of one or two
 * pages holding the title, the ingredients at the chosen scale, the numbered steps and the source
 * link, and nothing of the navigation, footer, buttons, reactions, reviews or comments.
 */

const ingredients = [
  '2 cups basmati rice',
  '1 tsp salt',
  '4 tbsp ghee',
  '1 onion, thinly sliced',
  '2 bay leaves',
  '4 green cardamom pods',
  '1 cinnamon stick',
  '6 cloves',
  '500 g chicken thighs',
  '1 cup yoghurt',
  '2 tbsp ginger-garlic paste',
  'salt to taste',
];
const steps = [
  'Rinse the rice until the water runs clear and soak it for 30 minutes.',
  'Marinate the chicken in yoghurt, ginger-garlic paste and salt.',
  'Heat the ghee and fry the onion until deep golden, then set half aside.',
  'Add the whole spices and fry for 1 minute.',
  'Add the chicken and cook for 10 minutes.',
  'Add the drained rice and stir gently to coat it in ghee.',
  'Pour in water to cover by 1 cm and bring to a boil.',
  'Cover and cook on the lowest heat for 15 minutes.',
  'Rest for 5 minutes off the heat.',
  'Fluff with a fork and scatter the fried onion over the top.',
];
const SOURCE = 'https://recipes.example.com/chicken-pilaf-with-whole-spices';

test('a recipe prints to a clean one- or two-page PDF at the chosen servings', async ({
  page,
  api,
  signInAs,
  baseURL,
}) => {
  const token = await signInAs(DEMO.chef);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const recipe = await api.createRecipe(token, {
    title: `Spiced pilaf ${Date.now().toString(36)}`,
    ingredients: ingredients.join('\n'),
    instructions: steps.join('\n'),
    category_ids: [category.id],
    servings: 4,
    img: `${baseURL}/favicon.svg`,
    source_url: SOURCE,
  });
  // A comment and a review, which must not print.
  await api.request.post(`/api/recipes/lists/${recipe.id}/comments/`, {
    headers: { authorization: `Bearer ${token}` },
    data: { content: 'Lovely with raita, a comment that must not print.' },
  });
  await page.goto(`/recipes/${recipe.id}?servings=6`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);
  await expect(page.getByText('Lovely with raita')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  const pages = await pdfPages(pdf);
  expect(pages.length).toBeGreaterThanOrEqual(1);
  expect(pages.length).toBeLessThanOrEqual(2);
  const text = pages.join(' ');

  expect(text).toContain(recipe.title);
  expect(text).toContain('Serves 6');
  expect(text).toContain('Ingredients');
  // Scaled from 4 to 6 servings.
  expect(text).toContain('3 cups basmati rice');
  expect(text).toContain('750 g chicken thighs');
  expect(text).toContain('salt to taste');
  expect(text).toContain('Steps');
  expect(text).toMatch(/1\.\s*Rinse the rice/);
  expect(text).toMatch(/10\.\s*Fluff with a fork/);
  expect(text).toContain(`Source: ${SOURCE}`);

  for (const absent of [
    'Lovely with raita',
    'Comments',
    'Reviews',
    'Cook mode',
    'Print',
    'Back',
    'View Reactions',
    'All Rights Reserved',
    'Dashboard',
    'Help Center',
    'Servings',
  ]) {
    expect(text, `"${absent}" printed`).not.toContain(absent);
  }
});

test('a recipe without a photo prints no placeholder image', async ({ page, api, signInAs }) => {
  const token = await signInAs(DEMO.chef);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const recipe = await api.createRecipe(token, {
    title: `Photo-less dal ${Date.now().toString(36)}`,
    ingredients: '1 cup red lentils',
    instructions: 'Boil for 20 minutes.',
    category_ids: [category.id],
  });
  await page.goto(`/recipes/${recipe.id}`);
  const image = page.getByRole('img', { name: recipe.title });
  await expect(image).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(image).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Boil for 20 minutes.').last()).toBeVisible();
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  expect(pages).toHaveLength(1);
});
