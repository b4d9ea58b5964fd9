import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Footer } from './footer';

const meta = {
  title: 'Components/Footer',
  component: Footer,
  args: { builtBy: { name: 'Jane Cook', href: 'https://example.com/jane' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/© 2025\. All Rights Reserved\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Jane Cook' })).toHaveAttribute(
      'href',
      'https://example.com/jane',
    );
    for (const name of ['Facebook', 'X', 'LinkedIn', 'YouTube']) {
      await expect(canvas.getByRole('link', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('img', { name: 'RecipeHub home' })).toHaveAttribute(
      'height',
      '40',
    );
  },
};

export const LogoFallback: Story = {
  args: { logoSrc: 'data:image/png;base64,AAAA' },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', { name: 'RecipeHub home' });
    await waitFor(() => expect(logo).toHaveAttribute('data-state', 'fallback'));
  },
};

export const Tablet: Story = { globals: { viewport: { value: 'tablet' } }, tags: ['tablet'] };

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, tags: ['mobile'] };
