import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from './button';
import { NotFound } from './not-found';

const meta = {
  title: 'Screens/NotFound',
  component: NotFound,
  args: {
    variant: 'page',
    action: (
      <Button asChild>
        <a href="#home">Back to Home</a>
      </Button>
    ),
  },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page404: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(canvas.getByText('The page you are looking for was not found.')).toBeVisible();
  },
};

export const Recipe404: Story = {
  args: {
    variant: 'recipe',
    action: (
      <Button variant="secondary" asChild>
        <a href="#home">Back to Home</a>
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Oops! No recipe found!' }),
    ).toBeVisible();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, tags: ['mobile'] };
