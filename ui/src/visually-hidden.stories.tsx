import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from './button';
import { VisuallyHidden } from './visually-hidden';

const meta = {
  title: 'Components/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: ': Tomato soup' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Edit" on screen, "Edit: Tomato soup" to a screen reader. */
export const InsideAButton: Story = {
  render: (args) => (
    <Button size="sm">
      Edit
      <VisuallyHidden {...args} />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    // Testing Library's name computation treats the absolutely positioned span as a block and
    // puts a space before it ("Edit : Tomato soup"); Chromium's own reads "Edit: Tomato soup".
    await expect(
      within(canvasElement).getByRole('button', { name: /^Edit ?: Tomato soup$/ }),
    ).toBeVisible();
  },
};

/** A section heading only assistive technology reads. */
export const AsHeading: Story = {
  args: { as: 'h2', children: 'My Recipes' },
  render: (args) => (
    <section>
      <VisuallyHidden {...args} />
      <p style={{ margin: 0 }}>The list follows the hidden heading.</p>
    </section>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'My Recipes' })).toBeTruthy();
  },
};
