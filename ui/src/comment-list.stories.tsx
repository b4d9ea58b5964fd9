import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CommentList } from './comment-list';

const comments = [
  {
    id: 1,
    content: 'Made this for dinner tonight, the whole family loved it!',
    user: 'Karim Hossain',
    created: '2025-03-14T09:30:00Z',
    can_delete: false,
  },
  {
    id: 2,
    content: 'Can I use coconut milk instead of yoghurt?',
    user: 'Ayesha Rahman',
    created: '2025-03-15T11:05:00Z',
    can_delete: true,
  },
];

const meta = {
  title: 'Components/CommentList',
  component: CommentList,
  args: { comments, onDelete: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CommentList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // Only the comment with can_delete offers a delete button.
    const buttons = canvas.getAllByRole('button', { name: /Delete comment/ });
    await expect(buttons).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete comment by Ayesha Rahman' }));
    await expect(args.onDelete).toHaveBeenCalledWith(2);
  },
};

export const Empty: Story = { args: { comments: [] } };

export const Deleting: Story = { args: { deletingId: 2 } };

export const LongText: Story = {
  args: {
    comments: [
      {
        id: 3,
        content:
          'This is a very long comment that goes on and on about the recipe, the ingredients, where to buy them, and a long story about the first time I tried to make it, which did not go well at all.\nSecond line with more thoughts.',
        user: 'Maximilian Alexander Featherstonehaugh-Montgomery',
        created: '2025-01-01T00:00:00Z',
        can_delete: true,
      },
    ],
  },
};
