import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecipeCard } from './recipe-card';
import { RECIPES } from './story-fixtures';

const [lassi, , soup] = RECIPES;

const meta = {
  title: 'Components/RecipeCard',
  component: RecipeCard,
  args: { ...lassi!, href: '/recipes/1?fromPage=1' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RecipeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Mango Lassi' })).toBeVisible();
    await expect(canvas.getByText('Mar 14, 2025')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /View Full Recipe/ })).toHaveAttribute(
      'href',
      '/recipes/1?fromPage=1',
    );
  },
};

export const UncategorizedAnonymous: Story = {
  args: { ...soup!, href: '/recipes/3?fromPage=1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Uncategorized')).toBeVisible();
    await expect(canvas.getByText(/Anonymous/)).toBeVisible();
  },
};

export const NoImage: Story = { args: { imageSrc: null } };

export const LongText: Story = {
  args: {
    title:
      'Grandmother’s slow-cooked Sunday beef curry with fragrant basmati rice, crispy onions and homemade chutney',
    categories: ['Dinner', 'Family Favorites', 'Slow Cooker', 'Spicy', 'Weekend Projects'],
    author: 'Maximilian Alexander Featherstonehaugh-Montgomery',
  },
};

export const Grid: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 'none' }}>
        <Story />
      </div>
    ),
  ],
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
      }}
    >
      {RECIPES.map((recipe) => (
        <RecipeCard key={recipe.id} {...recipe} href={`/recipes/${recipe.id}?fromPage=1`} />
      ))}
    </div>
  ),
};
