import type { Meta, StoryObj } from '@storybook/react-vite';
import { Users } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { DashboardLayout } from './dashboard-layout';
import { EmptyState } from './empty-state';
import { MessagesTable } from './messages-table';
import { STORY_DASHBOARD_MENU } from './story-navigation';

const meta = {
  title: 'Screens/DashboardLayout',
  component: DashboardLayout,
  args: {
    isAdmin: false,
    menu: STORY_DASHBOARD_MENU,
    currentPath: '/dashboard/index/',
    children: (
      <main>
        <h1 style={{ margin: 0 }}>My Recipes</h1>
      </main>
    ),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NonAdminMenu: Story = {
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Dashboard', 'User Info', 'Update Profile', 'Add a Recipe']) {
      await expect(within(menu).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(menu).queryByRole('link', { name: 'All Users' })).toBeNull();
    await expect(within(canvasElement).getByRole('link', { name: 'Logout' })).toBeVisible();
  },
};

export const AdminMenu: Story = {
  args: { isAdmin: true },
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole('navigation', { name: 'Dashboard' });
    await expect(within(menu).getByRole('link', { name: 'All Users' })).toBeVisible();
    await expect(within(menu).getByRole('link', { name: 'User Messages' })).toBeVisible();
  },
};

export const NoUsersFound: Story = {
  args: {
    isAdmin: true,
    currentPath: '/dashboard/users/',
    children: (
      <main>
        <h1 style={{ marginTop: 0 }}>All Users</h1>
        <EmptyState title="No users found" icon={<Users size={40} />} />
      </main>
    ),
  },
};

export const NoMessagesYet: Story = {
  args: {
    isAdmin: true,
    currentPath: '/dashboard/messages/',
    children: (
      <main>
        <h1 style={{ marginTop: 0 }}>User Messages</h1>
        <MessagesTable messages={[]} />
      </main>
    ),
  },
};

export const Mobile: Story = {
  args: { isAdmin: true },
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
};
