import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Picture } from './picture';
import { foodImage } from './story-fixtures';

/** The ThumbHash of the story photo (amber gradient with a plate), as the server computes it. */
const MANGO_THUMBHASH = 'pYwGJYQLmKeKeIeCe5h3dviJPU/X';

const meta = {
  title: 'Components/Picture',
  component: Picture,
  args: {
    src: foodImage('#fbbf24', '#d97706'),
    alt: 'Mango lassi',
    width: 400,
    height: 300,
    sizes: '(min-width: 40rem) 320px, 100vw',
    placeholder: MANGO_THUMBHASH,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Picture>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: 'Mango lassi' });
    await expect(image).toHaveAttribute('loading', 'lazy');
    await waitFor(() =>
      expect(canvasElement.querySelector('.rh-picture')).toHaveAttribute('data-state', 'loaded'),
    );
  },
};

export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: 'Mango lassi' });
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
  },
};

/** What shows until the photo arrives: the ThumbHash, blurred colours of the photo itself. */
export const ThumbHashPlaceholder: Story = {
  args: { src: null },
};

export const BrokenFallsBackToPlaceholder: Story = {
  // An undecodable image fails without a network request, so the placeholder shows.
  args: { src: 'data:image/png;base64,AAAA', alt: 'Broken recipe photo' },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector('.rh-picture');
    await waitFor(() => expect(picture).toHaveAttribute('data-state', 'fallback'));
    // The placeholder takes the image's name, so the page still says what was meant to show.
    await expect(within(canvasElement).getByRole('img', { name: 'Broken recipe photo' })).toBe(
      picture,
    );
  },
};

/** An image URL elsewhere that fails, without a ThumbHash: a plate in the theme's colours. */
export const BrokenWithoutPlaceholder: Story = {
  args: { src: 'data:image/png;base64,AAAA', placeholder: null, alt: 'Broken recipe photo' },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector('.rh-picture');
    await waitFor(() => expect(picture).toHaveAttribute('data-state', 'fallback'));
    // The placeholder takes the image's name, so the page still says what was meant to show.
    await expect(within(canvasElement).getByRole('img', { name: 'Broken recipe photo' })).toBe(
      picture,
    );
    await expect(picture).toHaveAttribute('data-placeholder', 'plate');
  },
};

export const NoPhoto: Story = {
  args: { src: null, placeholder: null, alt: '' },
};

export const NoPhotoDark: Story = {
  globals: { theme: 'dark' },
  args: { src: null, placeholder: null, alt: '' },
};
