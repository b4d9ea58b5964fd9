import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'View Full Recipe', variant: 'primary', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Full Recipe' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Back' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Delete Recipe' } };

export const Disabled: Story = {
  args: { disabled: true, children: 'Update Role' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Update Role' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Small: Story = { args: { size: 'sm', children: 'Edit' } };

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden size={16} /> Add a Recipe
      </>
    ),
  },
};

export const LongText: Story = {
  args: { children: 'Clear All Filters and show every recipe shared by the community' },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#recipe">Open recipe</a> },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button {...args} />
      <Button {...args} variant="secondary">
        Cancel
      </Button>
      <Button {...args} variant="ghost">
        Back
      </Button>
      <Button {...args} variant="danger">
        Delete
      </Button>
    </div>
  ),
};
