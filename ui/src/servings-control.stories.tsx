import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ServingsControl, type ServingsControlProps } from './servings-control';

const servingsText = (value: number) => `${value} ${value === 1 ? 'serving' : 'servings'}`;
const FACTORS = ['¼', '½', '1', '1½', '2', '3', '4'];
const factorText = (index: number) => `×${FACTORS[index] ?? '1'}`;

function Controlled(props: ServingsControlProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ServingsControl
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
  title: 'Components/ServingsControl',
  component: ServingsControl,
  args: {
    label: 'Servings',
    value: 4,
    defaultValue: 4,
    min: 1,
    max: 100,
    valueText: servingsText,
    decreaseLabel: 'Fewer servings',
    increaseLabel: 'More servings',
    onValueChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ServingsControl>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The recipe as written: no Reset. */
export const Original: Story = {};

/** Scaled from 4 to 6: the value is highlighted and Reset returns to the recipe's own count. */
export const Scaled: Story = { args: { value: 6 } };

export const AtMinimum: Story = {
  args: { value: 1 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Fewer servings' }),
    ).toBeDisabled();
  },
};

export const AtMaximum: Story = {
  args: { value: 100 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'More servings' }),
    ).toBeDisabled();
  },
};

/** A recipe that states no servings: the cook scales by a factor instead. */
export const FactorWithoutServings: Story = {
  args: {
    label: 'Scale',
    value: 2,
    defaultValue: 2,
    min: 0,
    max: FACTORS.length - 1,
    valueText: factorText,
    decreaseLabel: 'Make less',
    increaseLabel: 'Make more',
    hint: 'This recipe does not say how many it serves, so amounts scale by a factor.',
  },
};

export const ButtonsAndReset: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'More servings' }));
    await userEvent.click(canvas.getByRole('button', { name: 'More servings' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(6);
    await expect(canvas.getByRole('spinbutton', { name: 'Servings' })).toHaveAttribute(
      'aria-valuetext',
      '6 servings',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reset to 4 servings' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.queryByRole('button', { name: /Reset/ })).toBeNull();
  },
};

export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const spin = within(canvasElement).getByRole('spinbutton', { name: 'Servings' });
    spin.focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(5);
    await userEvent.keyboard('{PageUp}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(10);
    await userEvent.keyboard('{Home}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('{End}');
    await expect(spin).toHaveAttribute('aria-valuenow', '100');
  },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <ServingsControl {...args} />
      <ServingsControl {...args} value={6} />
      <ServingsControl {...args} value={1} />
      <ServingsControl {...args} value={100} />
      <ServingsControl
        {...args}
        label="Scale"
        value={4}
        defaultValue={2}
        min={0}
        max={FACTORS.length - 1}
        valueText={factorText}
        hint="This recipe does not say how many it serves, so amounts scale by a factor."
      />
    </div>
  ),
};
