import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CommentForm } from './comment-form';

const meta = {
  title: 'Components/CommentForm',
  component: CommentForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof CommentForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Pending: Story = { args: { pending: true } };

export const Submits: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(field, '  Lovely with extra lime!  {Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Lovely with extra lime!');
    await expect(field).toHaveValue('');
  },
};

export const BlankIsIgnored: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add a comment' }), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeepsTextWhenSendingFails: Story = {
  args: { onSubmit: fn(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(field, 'Try again later{Enter}');
    await expect(field).toHaveValue('Try again later');
  },
};
