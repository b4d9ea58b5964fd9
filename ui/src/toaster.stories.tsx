import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { dismissToasts, Toaster, toastError, toastMessage, toastSuccess } from './toaster';

type ToastKind = 'success' | 'error' | 'message';

function ToastDemo({ kind, message }: { kind: ToastKind; message: string }) {
  useEffect(() => {
    dismissToasts();
    const show = kind === 'success' ? toastSuccess : kind === 'error' ? toastError : toastMessage;
    show(message);
    return dismissToasts;
  }, [kind, message]);
  return null;
}

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  // Stories keep toasts on screen so screenshots are stable; the app uses the 3000 ms default.
  args: { duration: Number.POSITIVE_INFINITY },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const withToast = (kind: ToastKind, message: string): Story => ({
  render: (args) => (
    <div style={{ minHeight: 200 }}>
      <Toaster {...args} />
      <ToastDemo kind={kind} message={message} />
    </div>
  ),
  play: async () => {
    const toast = await screen.findByText(message);
    await waitFor(() => expect(toast).toBeVisible());
  },
});

export const SuccessToast: Story = withToast('success', 'Recipe saved!');

export const ErrorToast: Story = withToast('error', 'Failed to save recipe.');

export const Info: Story = withToast('message', 'Logged out successfully!');

export const LongMessage: Story = withToast(
  'error',
  'Failed to create recipe: title: This field may not be blank. ingredients: This field may not be blank.',
);

export const CloseButton: Story = {
  ...withToast('success', 'Comment added!'),
  play: async () => {
    await screen.findByText('Comment added!');
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText('Comment added!')).not.toBeInTheDocument());
  },
};
