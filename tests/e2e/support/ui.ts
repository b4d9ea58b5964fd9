/** Small page actions shared by several flows, written against roles and labels only. */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Chooses `name` in the control labelled like `label`: a native select, a custom listbox
 * (combobox + options), or a group of radio buttons / tabs / buttons. The spec names the choices,
 * not the widget.
 */
export async function choose(scope: Page | Locator, label: RegExp, name: string) {
  const page = 'page' in scope ? scope.page() : scope;
  const combobox = scope.getByRole('combobox', { name: label }).first();
  const alternatives = scope
    .getByRole('radio', { name, exact: true })
    .or(scope.getByRole('tab', { name, exact: true }))
    .or(scope.getByRole('button', { name, exact: true }))
    .first();
  await expect(combobox.or(alternatives).first()).toBeVisible();
  if (await combobox.isVisible()) {
    const tag = await combobox.evaluate((element) => element.tagName);
    if (tag === 'SELECT') {
      await combobox.selectOption(name);
      return;
    }
    await combobox.click();
    await page.getByRole('option', { name, exact: true }).click();
    return;
  }
  await alternatives.click();
}
