import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HiddenBanner } from './hidden-banner';

const meta = {
  title: 'Components/HiddenBanner',
  component: HiddenBanner,
  args: { reason: 'Spam links in the steps.' },
} satisfies Meta<typeof HiddenBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HiddenByModerator: Story = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('status');
    await expect(banner).toHaveTextContent('This recipe is hidden.');
    await expect(banner).toHaveTextContent('Reason: Spam links in the steps.');
  },
};

export const AutoHidden: Story = {
  args: { reason: 'Hidden automatically after 3 reports, pending review.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Hidden automatically after 3 reports, pending review.',
    );
  },
};
