import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SelectField, TextArea, TextField } from './text-field';

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

const ROLES = ['Admin', 'Chef', 'User'];

export const Select: Story = {
  render: () => (
    <SelectField label="Role" defaultValue="Chef">
      {ROLES.map((role) => (
        <option key={role}>{role}</option>
      ))}
    </SelectField>
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Role');
    await userEvent.selectOptions(select, 'Admin');
    await expect(select).toHaveValue('Admin');
  },
};

export const SelectInline: Story = {
  render: () => (
    <SelectField label="Rows per page" layout="inline" defaultValue="10">
      {[5, 10, 15, 20, 30].map((size) => (
        <option key={size}>{size}</option>
      ))}
    </SelectField>
  ),
};

export const SelectError: Story = {
  render: () => (
    <SelectField label="Role" layout="inline" defaultValue="User" error="Failed to update role.">
      {ROLES.map((role) => (
        <option key={role}>{role}</option>
      ))}
    </SelectField>
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Role');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Failed to update role.');
  },
};

export const SelectDisabledLongOption: Story = {
  render: () => (
    <SelectField label="Customer" disabled defaultValue="1">
      <option value="">Walk-in customer</option>
      <option value="1">
        Mohammad Abdullah Al Mamun Chowdhury (a-very-long-address@an-extremely-long-domain.example)
      </option>
    </SelectField>
  ),
};

/** The profile form's select: optional, with an empty first choice and a hint. */
export const SelectWithHint: Story = {
  render: () => (
    <SelectField label="Sex" defaultValue="" hint="Optional; shown on your profile.">
      <option value="">Prefer not to say</option>
      {['Male', 'Female', 'Other'].map((sex) => (
        <option key={sex}>{sex}</option>
      ))}
    </SelectField>
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Sex');
    await expect(select).toHaveValue('');
    await expect(select).toHaveAccessibleDescription('Optional; shown on your profile.');
    await userEvent.selectOptions(select, 'Other');
    await expect(select).toHaveValue('Other');
  },
};
