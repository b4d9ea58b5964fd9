import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { CookStep, type CookStepProps } from './cook-step';

const STEPS = [
  'Rinse the rice until the water runs clear.',
  'Bring the water to a boil, add the rice and simmer for 10 minutes, then rest for 5 minutes.',
  'Fluff with a fork and serve.',
];

function Controlled(props: CookStepProps) {
  const [index, setIndex] = useState(props.index);
  return (
    <CookStep
      {...props}
      index={index}
      text={STEPS[index] ?? props.text}
      onPrevious={() => {
        setIndex((i) => Math.max(0, i - 1));
        props.onPrevious();
      }}
      onNext={() => {
        setIndex((i) => Math.min(props.total - 1, i + 1));
        props.onNext();
      }}
    />
  );
}

const meta = {
  title: 'Cook mode/CookStep',
  component: CookStep,
  args: {
    index: 0,
    total: STEPS.length,
    text: STEPS[0],
    onPrevious: fn(),
    onNext: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof CookStep>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first step: nothing to go back to. */
export const FirstStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Step 1 of 3' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
  },
};

/** A step naming two durations offers a timer for each. */
export const WithTimers: Story = {
  args: {
    index: 1,
    text: STEPS[1],
    timerOffers: [
      { label: '10 min', onStart: fn() },
      { label: '5 min', onStart: fn() },
    ],
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Start 10 min timer' }),
    );
    await expect(args.timerOffers?.[0]?.onStart).toHaveBeenCalledTimes(1);
  },
};

/** The last step: Next is done. */
export const LastStep: Story = {
  args: { index: 2, text: STEPS[2] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Next/ })).toBeDisabled();
  },
};

/** At 375 px the buttons share the width and the text wraps. */
export const Mobile: Story = {
  tags: ['mobile'],
  globals: { viewport: { value: 'mobile' } },
  args: { index: 1, text: STEPS[1], timerOffers: [{ label: '10 min', onStart: fn() }] },
};

/** Buttons and swipes (touch) turn the step. */
export const TurnsByButtonAndSwipe: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(canvas.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
    const area = canvas.getByRole('region', { name: 'Current step' });
    const touch = { pointerId: 7, pointerType: 'touch', clientY: 200 };
    await fireEvent.pointerDown(area, { ...touch, clientX: 300 });
    await fireEvent.pointerUp(area, { ...touch, clientX: 120 });
    await expect(canvas.getByRole('heading', { name: 'Step 3 of 3' })).toBeVisible();
    await fireEvent.pointerDown(area, { ...touch, clientX: 100 });
    await fireEvent.pointerUp(area, { ...touch, clientX: 300 });
    await expect(canvas.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
    await expect(args.onNext).toHaveBeenCalledTimes(2);
    await expect(args.onPrevious).toHaveBeenCalledTimes(1);
  },
};
