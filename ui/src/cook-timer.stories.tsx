import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CookTimer, formatRemaining } from './cook-timer';

const meta = {
  title: 'Cook mode/CookTimer',
  component: CookTimer,
  args: {
    label: 'Step 2 · 10 min',
    remainingSeconds: 598,
    state: 'running',
    onPause: fn(),
    onResume: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof CookTimer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('9:58')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause timer Step 2 · 10 min' }));
    await expect(args.onPause).toHaveBeenCalledTimes(1);
  },
};

export const Paused: Story = {
  args: { state: 'paused', remainingSeconds: 312 },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Resume timer Step 2 · 10 min' }),
    );
    await expect(args.onResume).toHaveBeenCalledTimes(1);
  },
};

/** Time is up: an alert, announced at once, until the cook dismisses it. */
export const Done: Story = {
  args: { state: 'done', remainingSeconds: 0 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Time is up: Step 2 · 10 min');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss timer Step 2 · 10 min' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const LongTimer: Story = { args: { label: 'Step 5 · 1 h 30 min', remainingSeconds: 5321 } };

/** Several timers at once, in every state, for visual review. */
export const Several: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 360 }}>
      <CookTimer {...args} />
      <CookTimer {...args} label="Step 3 · 5 min" state="paused" remainingSeconds={212} />
      <CookTimer {...args} label="Step 1 · 30 s" state="done" remainingSeconds={0} />
    </div>
  ),
  play: async () => {
    await expect(formatRemaining(3725)).toBe('1:02:05');
    await expect(formatRemaining(0.2)).toBe('0:01');
  },
};
