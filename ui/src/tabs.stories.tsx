import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { defaultValue: 'mine' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Dashboard recipes">
        <TabsTrigger value="mine">My Recipes</TabsTrigger>
        <TabsTrigger value="saved">Saved Recipes</TabsTrigger>
      </TabsList>
      <TabsContent value="mine">Your recipes appear here.</TabsContent>
      <TabsContent value="saved">Recipes you saved appear here.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Saved Recipes' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Recipes you saved appear here.');
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'My Recipes' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Saved Recipes' })).toHaveAttribute(
      'data-state',
      'active',
    );
  },
};

export const RecipeSections: Story = {
  args: { defaultValue: 'ingredients' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Recipe">
        <TabsTrigger value="ingredients">Ingredients</TabsTrigger>
        <TabsTrigger value="instructions">Instructions</TabsTrigger>
      </TabsList>
      <TabsContent value="ingredients">
        <ul>
          <li>• 2 cups flour</li>
          <li>• 1 cup milk</li>
        </ul>
      </TabsContent>
      <TabsContent value="instructions">☘ Mix and bake.</TabsContent>
    </Tabs>
  ),
};
