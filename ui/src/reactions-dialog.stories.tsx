import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { ReactionsDialog, ReactionsList } from './reactions-dialog';

const reactions = [
  { user: 'Ayesha Rahman', type: 'LIKE' },
  { user: 'Karim Hossain', type: 'LOVE' },
  { user: 'Nadia Islam', type: 'WOW' },
  { user: 'Omar Faruk', type: 'SAD' },
];

const meta = {
  title: 'Components/ReactionsDialog',
  component: ReactionsDialog,
  // A trigger in every story: the dialog itself renders in a portal, outside the story root.
  args: {
    defaultOpen: true,
    reactions,
    trigger: <Button variant="secondary">View Reactions</Button>,
  },
} satisfies Meta<typeof ReactionsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Reactions' });
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    await expect(
      within(dialog).getByText('Omar Faruk', { selector: '.rh-reactions__user' }),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { reactions: undefined, loading: true } };

export const NoReactions: Story = { args: { reactions: [] } };

export const LoadError: Story = {
  args: { reactions: undefined, error: 'Failed to load reactions.' },
};

export const OpensFromTrigger: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Reactions' }));
    await expect(
      await within(document.body).findByRole('dialog', { name: 'Reactions' }),
    ).toBeVisible();
  },
};

/** The list on its own, as a page could show it outside a dialog. */
export const ListOnly: Story = {
  render: (args) => <ReactionsList reactions={args.reactions} />,
};
