import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ImportLinkForm } from './import-link-form';

const LINK = 'https://recipes.example.com/red-lentil-soup/';

const meta = {
  title: 'Components/ImportLinkForm',
  component: ImportLinkForm,
  args: { state: { status: 'idle' }, onImport: fn() },
} satisfies Meta<typeof ImportLinkForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Please give the link of a recipe page.',
    );
    await expect(args.onImport).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Recipe page link'), LINK);
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }));
    await expect(args.onImport).toHaveBeenCalledWith(LINK);
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading' }, defaultUrl: LINK },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Import/ })).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('Reading the recipe…');
  },
};

export const RefusedLink: Story = {
  args: {
    defaultUrl: 'http://192.168.1.1/admin',
    state: {
      status: 'refused',
      message: 'That link points to a private or reserved network address and cannot be imported.',
    },
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Recipe page link');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/private or reserved network address/);
  },
};

export const NoRecipeFound: Story = {
  args: {
    defaultUrl: 'https://news.example.com/today',
    state: { status: 'no-recipe', message: 'No recipe was found on that page.' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'No recipe was found on that page.',
    );
  },
};

export const Success: Story = {
  args: { defaultUrl: LINK, state: { status: 'success', title: 'Red Lentil Soup' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Read “Red Lentil Soup”. Check the form below, then save it.',
    );
  },
};

export const Mobile: Story = {
  tags: ['mobile'],
  globals: { viewport: { value: 'mobile' } },
  args: RefusedLink.args,
};
