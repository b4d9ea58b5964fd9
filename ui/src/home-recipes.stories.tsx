import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { CheckboxGroup } from './checkbox-group';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { RecipeCard } from './recipe-card';
import { SearchBox } from './search-box';
import { RecipeCardSkeleton } from './spinner';
import { RECIPES } from './story-fixtures';

type Recipe = (typeof RECIPES)[number];

type RecipeListScreenProps = {
  state: 'loaded' | 'loading' | 'empty' | 'error';
  recipes: Recipe[];
  totalPages: number;
  onPageChange: (page: number) => void;
};

const categories = [
  { value: '1', label: 'Breakfast' },
  { value: '2', label: 'Lunch' },
  { value: '3', label: 'Dinner' },
  { value: '4', label: 'Desserts' },
];

/** The home page's recipe list, composed from the library's parts as web will compose it. */
function RecipeListScreen({ state, recipes, totalPages, onPageChange }: RecipeListScreenProps) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>(state === 'empty' ? ['4'] : []);
  const grid = {
    display: 'grid',
    gap: 16,
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  } as const;
  return (
    <section aria-labelledby="recipes-heading" style={{ display: 'grid', gap: 16 }}>
      <h2 id="recipes-heading" style={{ margin: 0 }}>
        Recipes
      </h2>
      <SearchBox value="" onSearch={() => setPage(1)} />
      <CheckboxGroup
        legend="Categories"
        options={categories}
        value={selected}
        onValueChange={(next) => {
          setSelected(next);
          setPage(1);
        }}
      />
      {state === 'loading' && (
        <div style={grid} role="status" aria-busy="true" aria-label="Loading recipes">
          <RecipeCardSkeleton />
          <RecipeCardSkeleton />
          <RecipeCardSkeleton />
        </div>
      )}
      {state === 'error' && (
        <EmptyState
          title="Failed to fetch recipes."
          action={<Button variant="secondary">Try again</Button>}
        />
      )}
      {state === 'empty' && (
        <EmptyState
          title="No recipes found for this filter."
          action={
            <Button variant="secondary" onClick={() => setSelected([])}>
              Clear All Filters
            </Button>
          }
        />
      )}
      {state === 'loaded' && (
        <>
          <div style={grid}>
            {recipes.map((recipe) => (
              <RecipeCard
                key={recipe.id}
                {...recipe}
                href={`/recipes/${recipe.id}?fromPage=${page}`}
              />
            ))}
          </div>
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => {
              setPage(next);
              onPageChange(next);
            }}
          />
        </>
      )}
    </section>
  );
}

const meta = {
  title: 'Screens/RecipeList',
  component: RecipeListScreen,
  args: { state: 'loaded', recipes: RECIPES, totalPages: 8, onPageChange: fn() },
} satisfies Meta<typeof RecipeListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const Loading: Story = { args: { state: 'loading' } };

export const NoRecipesForFilter: Story = {
  args: { state: 'empty', recipes: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('No recipes found for this filter.'),
    ).toBeVisible();
  },
};

export const LoadError: Story = { args: { state: 'error', recipes: [] } };

export const PageForward: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getAllByRole('link', { name: /View Full Recipe/ })[0]).toHaveAttribute(
      'href',
      '/recipes/1?fromPage=2',
    );
  },
};

export const SinglePage: Story = { args: { recipes: RECIPES.slice(0, 2), totalPages: 1 } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, tags: ['mobile'] };
