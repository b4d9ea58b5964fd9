import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ReactionPicker } from './reaction-picker';

const meta = {
  title: 'Components/ReactionPicker',
  component: ReactionPicker,
  args: { value: null, onReact: fn(), total: 12 },
  decorators: [
    (Story) => (
      <div style={{ paddingTop: 80, minHeight: 160 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReactionPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoReaction: Story = {};

export const Liked: Story = { args: { value: 'LIKE', total: 13 } };

export const Loved: Story = { args: { value: 'LOVE' } };

export const Wow: Story = { args: { value: 'WOW' } };

export const SadShowsSadFace: Story = {
  args: { value: 'SAD' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Sad/ });
    await expect(trigger.querySelector('[data-reaction="SAD"]')).not.toBeNull();
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const Open: Story = { args: { value: 'LIKE', defaultOpen: true } };

export const OpenOnHover: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: /React/ }));
    const panel = await screen.findByRole('dialog', { name: 'Choose a reaction' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Love' }));
    await expect(args.onReact).toHaveBeenCalledWith('LOVE');
  },
};

export const OpenOnFocus: Story = {
  args: { value: 'WOW' },
  play: async () => {
    await userEvent.tab();
    const panel = await screen.findByRole('dialog', { name: 'Choose a reaction' });
    await expect(within(panel).getByRole('button', { name: 'Wow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};
