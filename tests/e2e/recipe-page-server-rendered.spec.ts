import { expect, test } from './support/fixtures';

/*
 * Issue 15: a recipe link shared in a chat shows its card, because the page's HTML holds the
 * recipe's head (Open Graph, Twitter, canonical, JSON-LD) before any script runs, and its body
 * the recipe's hero (photo, title, author), which paints before the app's script has loaded; the
 * app then hydrates that page without a mismatch and renders the recipe in its place.
 */
const RECIPE = '/recipes/1';

test.describe('a recipe page before any script runs', () => {
  test('the HTML itself holds the social card tags and the schema.org Recipe', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get(RECIPE);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${RECIPE}" />`);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:type']) {
      expect(html).toMatch(new RegExp(`<meta property="${tag}" content="[^"]+" />`));
    }
    expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?" \/>/);
    const jsonLd =
      /<script type="application\/ld\+json" id="recipe-json-ld">([^]*?)<\/script>/.exec(html);
    const recipe = JSON.parse(jsonLd![1]!) as Record<string, unknown>;
    expect(recipe['@type']).toBe('Recipe');
    expect((recipe.recipeIngredient as string[]).length).toBeGreaterThan(0);
    expect((recipe.recipeInstructions as unknown[]).length).toBeGreaterThan(0);
  });

  test('with JavaScript off, the browser reads the title and tags', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const response = await page.goto(RECIPE);
    expect(response?.status()).toBe(200);
    const title = await page.locator('meta[property="og:title"]').getAttribute('content');
    expect(title).toBeTruthy();
    await expect(page).toHaveTitle(`${title} · RecipeHub`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    // The page itself paints without a script: the top bar and the recipe's hero, its photo
    // loaded eagerly with high priority (the page's largest paint, issue 15's LCP budget).
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    const photo = page.getByRole('img', { name: title!, exact: true });
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveAttribute('loading', 'eager');
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.locator('link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(
      1,
    );
    await expect(
      page.getByRole('list', { name: 'Categories' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading recipe' })).toHaveCount(0);
    await context.close();
  });

  test('an unknown id answers 404 with the not-found page', async ({ page, request }) => {
    expect((await request.get('/recipes/999999')).status()).toBe(404);
    expect((await request.get('/recipes/not-a-number')).status()).toBe(404);
    const response = await page.goto('/recipes/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! No recipe found!').first()).toBeVisible();
  });

  test('the app hydrates the page without errors and shows the recipe', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(RECIPE);
    const title = await page.locator('meta[property="og:title"]').getAttribute('content');
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The app's own render has replaced the server's hero (its tools are the app's).
    await expect(page.getByRole('link', { name: 'Cook mode' })).toBeVisible();
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // One schema.org Recipe in the head: the server's, which the app leaves in place.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('script#recipe-json-ld')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});
