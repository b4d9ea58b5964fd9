import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

type IndexEntry = {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
};

const index = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../storybook-static/index.json'), 'utf8'),
) as { entries: Record<string, IndexEntry> };

const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

// Stories tagged `mobile` or `tablet` are shot at the same widths the story tests use.
const viewportFor = (tags: string[] = []) =>
  tags.includes('mobile')
    ? { width: 375, height: 720 }
    : tags.includes('tablet')
      ? { width: 900, height: 900 }
      : { width: 1280, height: 900 };

test('the Storybook build lists stories', () => {
  expect(stories.length).toBeGreaterThan(0);
});

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });

    await page.setViewportSize(viewportFor(story.tags));
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);

    // The preview reports each story render's phase; wait until render, play and afterEach are done.
    await page.waitForFunction(() => {
      const preview = (
        window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
      ).__STORYBOOK_PREVIEW__;
      const phase = preview?.currentRender?.phase;
      return phase === 'finished' || phase === 'errored' || phase === 'aborted';
    });
    const phase = await page.evaluate(
      () =>
        (window as unknown as { __STORYBOOK_PREVIEW__: { currentRender: { phase: string } } })
          .__STORYBOOK_PREVIEW__.currentRender.phase,
    );
    expect(phase, 'story render phase').toBe('finished');
    // Something rendered (an image-only story has no text, so count elements rather than text).
    expect(await page.locator('#storybook-root > *').count()).toBeGreaterThan(0);
    await expect(page.locator('.sb-show-errordisplay')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);

    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true });
    expect(errors, 'console errors').toEqual([]);
  });
}
