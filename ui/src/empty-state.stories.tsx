import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox, Users } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Button } from './button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: { title: 'No recipes found for this filter.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoRecipesForFilter: Story = {
  args: { action: <Button variant="secondary">Clear All Filters</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'No recipes found for this filter.',
    );
  },
};

export const NoUsersFound: Story = { args: { title: 'No users found', icon: <Users size={40} /> } };

export const NoMessagesYet: Story = {
  args: { title: 'No messages received yet.', icon: <Inbox size={40} /> },
};

export const WithDescription: Story = {
  args: {
    title: 'No saved recipes',
    description: 'Recipes you save from their page show up here so you can find them again later.',
  },
};
