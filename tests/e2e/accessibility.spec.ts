import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { DEMO, expect, test, type Credentials } from './support/fixtures';

type Who = 'visitor' | 'user' | 'admin';
const PAGES: { name: string; path: string; who: Who }[] = [
  { name: 'home', path: '/', who: 'visitor' },
  { name: 'recipe detail', path: '/recipes/1', who: 'visitor' },
  { name: 'cook mode', path: '/recipes/1/cook', who: 'visitor' },
  { name: 'login', path: '/login', who: 'visitor' },
  { name: 'register', path: '/register', who: 'visitor' },
  { name: 'reset password (email step)', path: '/reset-password', who: 'visitor' },
  { name: 'reset password (code step)', path: '/reset-password-otp', who: 'visitor' },
  { name: 'reset password (new password step)', path: '/set-new-password', who: 'visitor' },
  { name: 'not verified', path: '/not-verified', who: 'visitor' },
  { name: 'not found', path: '/no/such/page', who: 'visitor' },
  { name: 'dashboard index', path: '/dashboard/index/', who: 'user' },
  { name: 'user info', path: '/dashboard/user-info/', who: 'user' },
  { name: 'update profile', path: '/dashboard/update-profile/', who: 'user' },
  { name: 'add recipe', path: '/dashboard/add-recipe/', who: 'user' },
  { name: 'admin users', path: '/dashboard/users/', who: 'admin' },
  { name: 'admin user', path: `/dashboard/users/${DEMO.chef.email}`, who: 'admin' },
  { name: 'admin messages', path: '/dashboard/messages/', who: 'admin' },
  { name: 'admin audit log', path: '/dashboard/audit/', who: 'admin' },
  { name: 'leftover customers', path: '/dashboard/customer/', who: 'admin' },
  { name: 'leftover categories', path: '/dashboard/category/', who: 'admin' },
  { name: 'leftover products', path: '/dashboard/product/', who: 'admin' },
  { name: 'leftover sale', path: '/dashboard/sale/', who: 'admin' },
  { name: 'leftover test', path: '/dashboard/test/', who: 'admin' },
  // A member's view of the leftover pages: the notes instead of the write controls.
  { name: 'leftover customers (member)', path: '/dashboard/customer/', who: 'user' },
  { name: 'leftover categories (member)', path: '/dashboard/category/', who: 'user' },
  { name: 'leftover products (member)', path: '/dashboard/product/', who: 'user' },
  { name: 'leftover sale (member)', path: '/dashboard/sale/', who: 'user' },
  { name: 'leftover test (member)', path: '/dashboard/test/', who: 'user' },
];
const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
];
const ACCOUNTS: Record<Exclude<Who, 'visitor'>, Credentials> = {
  user: DEMO.user,
  admin: DEMO.admin,
};

/** One line per rule and element, so a failure reads without opening the trace. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...violation.nodes.map(
          (node) =>
            `  - ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

test.use({ reducedMotion: 'reduce' });

for (const viewport of VIEWPORTS) {
  test.describe(`WCAG 2.1 AA at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const { name, path, who } of PAGES) {
      test(`${name} (${path}) has no axe violations`, async ({ page, signInAs }) => {
        if (who !== 'visitor') await signInAs(ACCOUNTS[who]);
        await page.goto(path);
        await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Data loaded, spinners and skeletons gone, toasts' lazy chunk in.
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(results.violations, describeViolations(results.violations)).toEqual([]);
      });
    }
  });
}
