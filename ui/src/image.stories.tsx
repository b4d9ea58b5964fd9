import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Image } from './image';
import { foodImage } from './story-fixtures';

const meta = {
  title: 'Components/Image',
  component: Image,
  args: { src: foodImage('#f59e0b', '#b45309'), alt: 'Mango lassi', width: 320, height: 200 },
} satisfies Meta<typeof Image>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Missing: Story = {
  args: { src: undefined, alt: 'Recipe without a photo' },
};

export const BrokenFallsBack: Story = {
  // An undecodable image fails without a network request, so the fallback shows.
  args: { src: 'data:image/png;base64,AAAA', alt: 'Broken recipe photo' },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: 'Broken recipe photo' });
    await waitFor(() => expect(image).toHaveAttribute('data-state', 'fallback'));
  },
};
