import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NavBar } from './nav-bar';
import { STORY_NAV_PATHS } from './story-navigation';

const meta = {
  title: 'Components/NavBar',
  component: NavBar,
  args: {
    loggedIn: false,
    paths: STORY_NAV_PATHS,
    currentPath: '/',
    onRecipeClick: fn(),
    onLogout: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <Story />
        <main style={{ padding: '6rem 1rem 1rem' }}>
          <h1 style={{ margin: 0 }}>Trending recipes</h1>
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof NavBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Dashboard', 'Register', 'Login']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(nav).queryByRole('link', { name: 'Profile' })).toBeNull();
  },
};

export const LoggedIn: Story = {
  args: { loggedIn: true, currentPath: '/dashboard/user-info/' },
  play: async ({ args, canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Profile' })).toBeVisible();
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const BrokenLogo: Story = {
  args: { logoSrc: 'data:image/png;base64,AAAA' },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', { name: 'RecipeHub home' });
    await waitFor(() => expect(logo).toHaveAttribute('data-state', 'fallback'));
  },
};

export const Scrolled: Story = {
  decorators: [
    (Story) => (
      <div style={{ height: 2000 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
    window.scrollTo(0, 120);
    await waitFor(() => expect(nav).toHaveAttribute('data-scrolled', 'true'));
    window.scrollTo(0, 0);
    await waitFor(() => expect(nav).toHaveAttribute('data-scrolled', 'false'));
  },
};

export const MobileClosed: Story = {
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Login', hidden: true })).not.toBeVisible();
  },
};

export const MobileOpen: Story = {
  args: { loggedIn: true, defaultOpen: true },
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
};

export const MobileCloseByClickOutside: Story = {
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    await expect(canvas.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(canvas.getByRole('heading', { name: 'Trending recipes' }));
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(canvas.getByRole('link', { name: 'Login', hidden: true })).not.toBeVisible();
  },
};
