import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MessagesTable } from './messages-table';

const messages = [
  {
    id: 10,
    name: 'Rahim Uddin',
    email: 'rahim@example.com',
    message: 'Love the biryani recipe! Could you add a vegetarian version?',
    created_at: '2025-03-14T09:30:00Z',
  },
  {
    id: 11,
    name: 'Anonymous visitor',
    email: null,
    message: 'The search does not find “lassi” when I type it in capitals.',
    created_at: '2025-03-15T17:45:00Z',
  },
];

const meta = {
  title: 'Screens/MessagesTable',
  component: MessagesTable,
  args: { messages },
} satisfies Meta<typeof MessagesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'User Messages' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(within(table).getByText('N/A')).toBeVisible();
  },
};

export const MobileCards: Story = {
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'User Messages' })).toBeVisible();
    await expect(canvas.getByRole('table', { hidden: true })).not.toBeVisible();
  },
};

export const NoMessagesYet: Story = {
  args: { messages: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages received yet.')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    messages: [
      {
        id: 12,
        name: 'Maximilian Alexander Featherstonehaugh-Montgomery',
        email: 'a-really-long-address-for-testing@an-extremely-long-domain-name.example',
        message:
          'A very long message. '.repeat(12) +
          'It keeps going to show how the cell wraps instead of stretching the table.',
        created_at: '2025-01-01T00:00:00Z',
      },
    ],
  },
};
