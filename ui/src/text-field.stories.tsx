import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea, TextField } from './text-field';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'Email', name: 'email', type: 'email', placeholder: 'you@example.com' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await userEvent.type(input, 'cook@example.com');
    await expect(input).toHaveValue('cook@example.com');
  },
};

export const WithHint: Story = {
  args: { label: 'Password', type: 'password', hint: 'At least 8 characters.', placeholder: '' },
};

export const WithError: Story = {
  args: { defaultValue: 'cook@example', error: 'Invalid Credentials' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Invalid Credentials');
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'admin@example.com' } };

export const LongText: Story = {
  args: {
    label: 'A very long label that explains exactly what the field is for and wraps onto a line',
    defaultValue:
      'a-really-long-email-address-for-testing-overflow@an-extremely-long-domain.example',
    error: 'Email already exists! Please choose another one or log in with the existing account.',
  },
};

export const Area: Story = {
  render: (args) => (
    <TextArea
      label="Message"
      name={args.name}
      placeholder="Write your message"
      hint="Tell us what you think."
    />
  ),
};

export const AreaError: Story = {
  render: () => <TextArea label="Comment" defaultValue="" error="Failed to add comment." />,
};
