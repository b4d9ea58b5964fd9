import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SaveButton, type SaveButtonProps } from './save-button';

function Controlled(props: SaveButtonProps) {
  const [saved, setSaved] = useState(props.saved);
  return (
    <SaveButton
      {...props}
      saved={saved}
      onToggle={() => {
        setSaved(!saved);
        props.onToggle();
      }}
    />
  );
}

const meta = {
  title: 'Components/SaveButton',
  component: SaveButton,
  args: { saved: false, onToggle: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof SaveButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unsaved: Story = {};

export const Saved: Story = { args: { saved: true } };

export const Disabled: Story = { args: { disabled: true } };

export const Toggles: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};
