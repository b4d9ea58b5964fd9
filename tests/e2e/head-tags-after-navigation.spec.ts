import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Issue 15: one owner for each head tag. The server answers `/recipes/{id}` with head tags about
 * that recipe (canonical URL, Open Graph, Twitter card, the hero's preload, the schema.org
 * Recipe); the app keeps them while that page is shown (its own JSON-LD used to replace the
 * server's after hydration) and removes them when it navigates elsewhere (they used to linger
 * on the next page, describing a recipe no longer shown). A recipe page the app navigated to has
 * its own canonical URL and JSON-LD (issue 28), never the social tags, which only crawlers that
 * run no script read.
 */
const SOCIAL_TAGS = [
  'link[rel="preload"][as="image"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'meta[name^="twitter:"]',
  'meta[name="robots"]',
].join(', ');

const jsonLd = (page: Page) => page.locator('script[type="application/ld+json"]');
const canonicalLink = (page: Page) => page.locator('link[rel="canonical"]');

async function readJsonLd(page: Page): Promise<Record<string, unknown>> {
  await expect(jsonLd(page)).toHaveCount(1);
  return JSON.parse((await jsonLd(page).textContent()) ?? '{}') as Record<string, unknown>;
}

/** The app has hydrated the page and rendered the recipe itself (its tools are the app's). */
async function appShowsRecipe(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cook mode' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the server-rendered recipe keeps the server head; in-app navigation takes it away', async ({
  page,
  api,
}) => {
  const recipe = await api.seededRecipe();
  await page.goto(`/recipes/${recipe.id}`);
  await appShowsRecipe(page, recipe.title);

  // After hydration: the server's tags, and its Recipe (with dateModified, which only the
  // server's has), not a copy written by the app.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', recipe.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  const served = await readJsonLd(page);
  expect(served).toMatchObject({ '@type': 'Recipe', name: recipe.title });
  expect(served.dateModified).toEqual(expect.any(String));
  await expect(jsonLd(page)).toHaveAttribute('id', 'recipe-json-ld');

  // In-app to home: nothing of the recipe's head stays.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(page.locator(SOCIAL_TAGS)).toHaveCount(0);
  await expect(canonicalLink(page)).toHaveCount(0);
  await expect(jsonLd(page)).toHaveCount(0);

  // In-app to another recipe: the app's canonical URL and Recipe for that one, no social tags.
  // Another recipe's card on the home page (its link is named "View Full Recipe: <title>").
  const link = page
    .getByRole('link', { name: /^View Full Recipe\s*:/ })
    .filter({ visible: true })
    .filter({ hasNotText: recipe.title })
    .first();
  const otherTitle = (await link.textContent())!.replace(/^View Full Recipe\s*:\s*/, '').trim();
  const otherPath = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await link.click();
  await appShowsRecipe(page, otherTitle);
  await expect(page).toHaveTitle(`${otherTitle} · RecipeHub`);
  expect(await readJsonLd(page)).toMatchObject({ '@type': 'Recipe', name: otherTitle });
  await expect(canonicalLink(page)).toHaveAttribute('href', new URL(otherPath, page.url()).href);
  await expect(page.locator(SOCIAL_TAGS)).toHaveCount(0);

  // Back to the first recipe, in-app: the app's Recipe for it, the server's tags stay gone.
  await page.goBack();
  await page.goBack();
  await appShowsRecipe(page, recipe.title);
  expect(await readJsonLd(page)).toMatchObject({ name: recipe.title });
  await expect(canonicalLink(page)).toHaveAttribute('href', page.url());
  await expect(page.locator(SOCIAL_TAGS)).toHaveCount(0);
});

/** What the head says about the page, each tag there once: title, description, canonical URL, JSON-LD. */
async function readHead(page: Page) {
  const description = page.locator('meta[name="description"]');
  const canonical = canonicalLink(page);
  await expect(description).toHaveCount(1);
  await expect(canonical).toHaveCount(1);
  return {
    title: await page.title(),
    description: await description.getAttribute('content'),
    canonical: await canonical.getAttribute('href'),
    jsonLd: await readJsonLd(page),
  };
}

/**
 * What the server's page at `path` has in its head once the app has taken it over, but the
 * Recipe's last edit (dateModified), which only the server reads.
 */
async function headOfDirectLoad(page: Page, path: string, title: string) {
  const direct = await page.context().newPage();
  await direct.goto(path);
  await appShowsRecipe(direct, title);
  const head = await readHead(direct);
  await direct.close();
  const { dateModified, ...jsonLdWithoutEdit } = head.jsonLd;
  expect(dateModified).toEqual(expect.any(String));
  return { ...head, jsonLd: jsonLdWithoutEdit };
}

/** The list's cards (not the slider's) link to the detail page with fromPage (spec §2). */
const listCard = (page: Page, nth: number) =>
  page.locator('a[href*="fromPage="]').filter({ visible: true }).nth(nth);

/** A card's recipe: its title (the link's name is "View Full Recipe: <title>") and its path. */
async function cardRecipe(card: Locator) {
  const title = (await card.textContent())!.replace(/^View Full Recipe\s*:\s*/, '').trim();
  const path = new URL((await card.getAttribute('href'))!, 'http://x').pathname;
  return { title, path };
}

/**
 * Issue 28, finding 6: a recipe opened from the home list got the app's title and description
 * but no JSON-LD and no canonical URL (the check for the server's own head read the address the
 * recipe page's chunk loaded at, by then the recipe's). Now its head says what a direct load of
 * the same address says; the server's Recipe alone has the last edit (dateModified), which the
 * app's copy of the recipe does not carry.
 */
test('a recipe opened from the home list has the head of a direct load of its address', async ({
  page,
}) => {
  // The most JSON-LD scripts and canonical links the document ever held at once.
  await page.addInitScript(() => {
    const most = { jsonLd: 0, canonical: 0 };
    (window as unknown as { headMost: typeof most }).headMost = most;
    new MutationObserver(() => {
      most.jsonLd = Math.max(
        most.jsonLd,
        document.querySelectorAll('script[type="application/ld+json"]').length,
      );
      most.canonical = Math.max(
        most.canonical,
        document.querySelectorAll('link[rel="canonical"]').length,
      );
    }).observe(document, { childList: true, subtree: true });
  });
  const headMost = () => page.evaluate(() => (window as unknown as { headMost: object }).headMost);

  await page.goto('/');
  const first = await cardRecipe(listCard(page, 0));
  const second = await cardRecipe(listCard(page, 1));
  await listCard(page, 0).click();
  await appShowsRecipe(page, first.title);
  const directFirst = await headOfDirectLoad(page, first.path, first.title);
  expect(await readHead(page)).toEqual(directFirst);

  // Another page: the recipe's canonical URL and JSON-LD go, the site's title and description
  // come back.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(jsonLd(page)).toHaveCount(0);
  await expect(canonicalLink(page)).toHaveCount(0);
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute(
    'content',
    directFirst.description!,
  );

  // The second recipe, from the list.
  await listCard(page, 1).click();
  await appShowsRecipe(page, second.title);
  expect(await readHead(page)).toEqual(await headOfDirectLoad(page, second.path, second.title));

  // From the second recipe straight to the first (history, two entries back): replaced.
  await page.evaluate(() => window.history.go(-2));
  await appShowsRecipe(page, first.title);
  expect(await readHead(page)).toEqual(directFirst);
  expect(await headMost()).toEqual({ jsonLd: 1, canonical: 1 });
});

test('a missing recipe’s noindex goes when the visitor moves on in the app', async ({ page }) => {
  const response = await page.goto('/recipes/999999');
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
