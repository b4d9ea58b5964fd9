import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckboxGroup, type CheckboxGroupProps } from './checkbox-group';

const categories = [
  { value: '1', label: 'Breakfast' },
  { value: '2', label: 'Lunch' },
  { value: '3', label: 'Dinner' },
  { value: '4', label: 'Dessert' },
  { value: '5', label: 'Vegetarian' },
];

function Controlled(props: CheckboxGroupProps) {
  const [value, setValue] = useState(props.value);
  return (
    <CheckboxGroup
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/CheckboxGroup',
  component: CheckboxGroup,
  args: { legend: 'Categories', options: categories, value: [], onValueChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Dinner' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['3']);
    await userEvent.click(canvas.getByText('Dessert'));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['3', '4']);
    await expect(canvas.getByRole('checkbox', { name: 'Dessert' })).toHaveAttribute(
      'data-state',
      'checked',
    );
  },
};

export const Selected: Story = { args: { value: ['1', '5'] } };

export const Vertical: Story = { args: { orientation: 'vertical', value: ['2'] } };

export const Disabled: Story = { args: { disabled: true, value: ['2'] } };

export const Empty: Story = { args: { options: [] } };

export const LongLabels: Story = {
  args: {
    options: [
      { value: '1', label: 'Slow-cooked weekend family dinners for large gatherings' },
      { value: '2', label: 'Quick weeknight meals under thirty minutes' },
    ],
  },
};
