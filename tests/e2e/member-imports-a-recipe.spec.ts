import http from 'node:http';
import { recordDeviceApis, beeps } from './support/device-apis';
import { DEMO, expect, test } from './support/fixtures';
import { pdfPages } from './support/pdf-text';

/*
 * Issue 16's whole story: a member imports a recipe from a page on a local fixture site (allowed
 * by the e2e server's IMPORT_ALLOWED_HOSTS), reviews and saves it, cooks it at 390 px with the
 * screen kept on and a timer from a step, scales it from 4 to 6 servings and prints it.
 */

const SITE_PORT = Number(process.env.E2E_IMPORT_SITE_PORT);
const site = (path: string) => `http://127.0.0.1:${SITE_PORT}${path}`;

const recipePage = (
  title: string,
) => `<!doctype html><html><head><title>${title} | Example Kitchen</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Example Kitchen' },
    {
      '@type': 'Recipe',
      name: title,
      image: [site('/photo.svg')],
      recipeYield: '4 servings',
      recipeCategory: 'Chicken',
      recipeCuisine: 'Bangladeshi',
      keywords: 'curry, weeknight',
      recipeIngredient: ['2 cups basmati rice', '500 g chicken thighs', '1 tsp salt'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Rinse the rice.' },
        { '@type': 'HowToStep', text: 'Simmer the chicken for 10 minutes.' },
        { '@type': 'HowToStep', text: 'Add the rice and cook until done.' },
      ],
    },
  ],
})}</script></head><body><h1>${title}</h1></body></html>`;

const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="50"><rect width="80" height="50" fill="#c2410c"/></svg>`;

let server: http.Server;
const title = `Imported chicken pilaf ${Date.now().toString(36)}`;

// One worker for this file: the fixture site has one port.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/pilaf') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(recipePage(title));
    } else if (request.url === '/photo.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(PHOTO);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        '<!doctype html><html><head><title>News</title></head><body>No food here.</body></html>',
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(SITE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a refused link and a page without a recipe are said beside the link field', async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.user);
  await page.goto('/dashboard/add-recipe/');
  const link = page.getByLabel('Recipe page link');
  await link.fill('http://127.0.0.1/admin');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(link).toHaveAccessibleDescription(
    /That link points to a private or reserved network address and cannot be imported\./,
  );
  await link.fill(site('/news'));
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No recipe was found on that page.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
});

test('a member imports a recipe, saves it, cooks it with a timer, scales it and prints it', async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.user);
  await recordDeviceApis(page, { wakeLock: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/add-recipe/');

  await test.step('imports the page into the form for review', async () => {
    await page.getByLabel('Recipe page link').fill(site('/pilaf'));
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Read “' })).toHaveText(
      `Read “${title}”. Check the form below, then save it.`,
    );
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Ingredients')).toHaveValue(
      '2 cups basmati rice\n500 g chicken thighs\n1 tsp salt',
    );
    await expect(page.getByLabel('Instructions')).toHaveValue(
      'Rinse the rice.\nSimmer the chicken for 10 minutes.\nAdd the rice and cook until done.',
    );
    await expect(page.getByLabel('Servings (optional)')).toHaveValue('4');
    await expect(page.getByLabel('Image URL (optional)')).toHaveValue(site('/photo.svg'));
    await expect(page.getByLabel('Source link (optional)')).toHaveValue(site('/pilaf'));
    // "Chicken" is one of the seeded categories; "Curry" matches a keyword.
    await expect(page.getByRole('checkbox', { name: 'Chicken' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Curry' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Dessert' })).not.toBeChecked();
  });

  await test.step('saves it and finds the source on the recipe page', async () => {
    await page.getByRole('button', { name: 'Add recipe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: '127.0.0.1' })).toHaveAttribute(
      'href',
      site('/pilaf'),
    );
  });
  const recipeUrl = page.url();

  await test.step('scales it from 4 to 6 servings', async () => {
    const servings = page.getByRole('spinbutton', { name: 'Servings' });
    await expect(servings).toHaveAttribute('aria-valuetext', '4 servings');
    await page.getByRole('button', { name: 'More servings' }).click();
    await page.getByRole('button', { name: 'More servings' }).click();
    await expect(servings).toHaveAttribute('aria-valuetext', '6 servings');
    await expect(page.getByRole('tabpanel', { name: 'Ingredients' })).toContainText(
      '3 cups basmati rice',
    );
  });

  await test.step('cooks it at 390 px with the screen on and a timer from a step', async () => {
    await page.clock.install();
    await page.getByRole('link', { name: 'Cook mode' }).click();
    await expect(page.getByText('The screen stays on while cook mode is open.')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Start 10 min timer' }).click();
    await page.clock.runFor('10:01');
    await expect(page.getByRole('alert').filter({ hasText: 'Time is up' })).toHaveText(
      'Time is up: Step 2 · 10 min',
    );
    await expect.poll(() => beeps(page)).toBe(3);
    await page.getByRole('link', { name: 'Exit cook mode' }).click();
    await expect(page).toHaveURL(/servings=6/);
  });

  await test.step('prints it to a clean PDF at 6 servings', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(pages.length).toBeLessThanOrEqual(2);
    const text = pages.join(' ');
    expect(text).toContain(title);
    expect(text).toContain('Serves 6');
    expect(text).toContain('3 cups basmati rice');
    expect(text).toMatch(/2\.\s*Simmer the chicken for 10 minutes\./);
    expect(text).toContain(`Source: ${site('/pilaf')}`);
    expect(text).not.toContain('Comments');
  });
  expect(recipeUrl).toMatch(/\/recipes\/\d+/);
});
