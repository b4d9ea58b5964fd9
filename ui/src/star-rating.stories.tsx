import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  RATING_DEFAULT,
  StarRatingDisplay,
  StarRatingInput,
  type StarRatingInputProps,
} from './star-rating';

function Controlled(props: StarRatingInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <StarRatingInput
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
  title: 'Components/StarRating',
  component: StarRatingInput,
  args: { value: RATING_DEFAULT, onValueChange: fn(), legend: 'Your rating' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof StarRatingInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultFive: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '5 stars' })).toBeChecked();
  },
};

export const Keyboard: Story = {
  args: { value: 3 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: '3 stars' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(2);
  },
};

export const NoneChosen: Story = { args: { value: 0 } };

export const Disabled: Story = { args: { value: 4, disabled: true } };

export const Display: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <StarRatingDisplay value={5} />
      <StarRatingDisplay value={3} />
      <StarRatingDisplay value={1} size={24} />
    </div>
  ),
};
