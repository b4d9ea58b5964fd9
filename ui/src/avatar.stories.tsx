import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar, RoleBadge } from './avatar';
import { foodImage } from './story-fixtures';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: 'Ayesha Rahman', size: 48 },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('AR')).toBeVisible();
  },
};

export const WithImage: Story = {
  args: { src: foodImage('#93c5fd', '#1d4ed8') },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('img', { name: 'Ayesha Rahman' }),
    ).toBeVisible();
  },
};

export const Large: Story = { args: { size: 96 } };

export const RoleBadges: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <RoleBadge role="Admin" />
      <RoleBadge role="Chef" />
      <RoleBadge role="User" />
      <RoleBadge />
    </div>
  ),
  play: async ({ canvasElement }) => {
    // The badge without a role shows the default, User.
    await expect(within(canvasElement).getAllByText('User')).toHaveLength(2);
  },
};
