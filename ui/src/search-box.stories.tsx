import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SearchBox } from './search-box';

const meta = {
  title: 'Components/SearchBox',
  component: SearchBox,
  args: { value: '', onSearch: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const WithValue: Story = { args: { value: 'chicken curry' } };

export const Disabled: Story = { args: { disabled: true } };

export const DebouncedTyping: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search recipes' }), 'pasta');
    // Nothing is sent while typing; one call with the whole text once the user pauses.
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('pasta'), { timeout: 1500 });
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

export const Clear: Story = {
  args: { value: 'lentil soup' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(args.onSearch).toHaveBeenCalledWith('');
    await expect(canvas.getByRole('searchbox')).toHaveValue('');
  },
};

export const Mobile: Story = {
  args: { value: 'a very long search text that does not fit on a small phone screen' },
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
};
