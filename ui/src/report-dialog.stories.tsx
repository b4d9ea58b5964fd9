import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ReportDialog } from './report-dialog';

const REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'offensive', label: 'Offensive' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'unsafe', label: 'Unsafe', description: 'Dangerous food advice' },
  { value: 'copyright', label: 'Copyright' },
  { value: 'other', label: 'Something else' },
];

const meta = {
  title: 'Components/ReportDialog',
  component: ReportDialog,
  args: {
    itemLabel: 'recipe',
    reasons: REASONS,
    onSubmit: fn(),
    onOpenChange: fn(),
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ReportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The trigger alone: a named button. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Report this recipe' }),
    ).toBeVisible();
  },
};

/** Opened by keyboard; the reasons are a radio group moved through with arrow keys. */
export const Idle: Story = {
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Report this recipe' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report this recipe' });
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(within(group).getByRole('radio', { name: 'Spam' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(group).getByRole('radio', { name: 'Offensive' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Details (optional)'), ' Rude words ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      reason: 'offensive',
      details: 'Rude words',
    });
  },
};

export const Submitting: Story = {
  args: { defaultOpen: true, state: 'submitting' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeDisabled();
  },
};

export const Refused: Story = {
  name: 'Error',
  args: {
    defaultOpen: true,
    state: 'error',
    error: 'You have already reported this, and your report is waiting for a moderator.',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You have already reported this',
    );
  },
};

export const Sent: Story = {
  args: { defaultOpen: true, state: 'sent', itemLabel: 'comment' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Thank you.');
    await expect(within(dialog).getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

export const Mobile: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
};
