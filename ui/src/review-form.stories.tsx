import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReviewForm } from './review-form';

const meta = {
  title: 'Components/ReviewForm',
  component: ReviewForm,
  args: { onSubmit: fn(), onCancel: fn(), onDelete: fn() },
} satisfies Meta<typeof ReviewForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewReview: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit Review' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ rating: 5, body: '' });
  },
};

export const ExistingReview: Story = {
  args: { stored: { rating: 4, body: 'Lovely and easy. I added extra cardamom.' } },
};

export const InvalidRating: Story = {
  args: { stored: { rating: 0, body: 'Forgot the stars' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Update Review' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Please select a rating between 1 and 5 stars.',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const CancelRestoresStoredValues: Story = {
  args: { stored: { rating: 2, body: 'Too salty for me.' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = canvas.getByLabelText('Your review (optional)');
    await userEvent.click(canvas.getByRole('radio', { name: '5 stars' }));
    await userEvent.clear(body);
    await userEvent.type(body, 'Changed my mind');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(body).toHaveValue('Too salty for me.');
    await expect(canvas.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const Pending: Story = { args: { stored: { rating: 3, body: 'Saving…' }, pending: true } };

export const ServerError: Story = {
  args: { stored: { rating: 3, body: '' }, error: 'Failed to submit review.' },
};
