import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ResendButton } from './resend-button';

const meta = {
  title: 'Components/ResendButton',
  component: ResendButton,
  args: { remainingSeconds: 0, onResend: fn() },
} satisfies Meta<typeof ResendButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CooldownFinished: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', {
      name: 'Resend verification link',
    });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledOnce();
  },
};

export const CooldownRunning: Story = {
  args: { remainingSeconds: 300 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent('5:00');
  },
};

export const CooldownFromServer: Story = {
  args: { remainingSeconds: 65 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('timer')).toHaveTextContent('1:05');
  },
};

export const Pending: Story = { args: { pending: true } };
