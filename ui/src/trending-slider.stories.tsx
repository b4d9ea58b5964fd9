import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RecipeCard } from './recipe-card';
import { RECIPES } from './story-fixtures';
import { TrendingSlider } from './trending-slider';

const slides = RECIPES.map((recipe) => (
  <RecipeCard key={recipe.id} {...recipe} href={`/recipes/${recipe.id}`} />
));

const meta = {
  title: 'Components/TrendingSlider',
  component: TrendingSlider,
  // Screenshots need a still slider: autoplay is off unless a story turns it on.
  args: { title: 'Trending Recipes', autoplay: false, children: slides },
} satisfies Meta<typeof TrendingSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};

export const Tablet: Story = { globals: { viewport: { value: 'tablet' } }, tags: ['tablet'] };

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, tags: ['mobile'] };

export const NextAndPrevious: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Trending Recipes' });
    await waitFor(() => expect(region).toHaveAttribute('data-selected-index', '0'));
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(region).toHaveAttribute('data-selected-index', '1'));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    await waitFor(() => expect(region).toHaveAttribute('data-selected-index', '0'));
  },
};

export const Autoplay: Story = {
  args: { autoplay: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Trending Recipes' });
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      // Reduced motion (as in the visual test): the slider stays put.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await expect(region).toHaveAttribute('data-selected-index', '0');
    } else {
      await waitFor(() => expect(region).toHaveAttribute('data-selected-index', '1'), {
        timeout: 3000,
      });
    }
  },
};

export const PausesOnHover: Story = {
  args: { autoplay: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Trending Recipes' });
    await waitFor(() => expect(region).toHaveAttribute('data-selected-index', '0'));
    await userEvent.hover(region);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(region).toHaveAttribute('data-selected-index', '0');
  },
};
