import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileField } from './file-field';
import { foodImage } from './story-fixtures';

const meta = {
  title: 'Components/FileField',
  component: FileField,
  args: {
    label: 'Photo',
    hint: 'JPEG, PNG, WebP or AVIF, at most 10 MB.',
    accept: 'image/jpeg,image/png,image/webp,image/avif',
    onFileChange: fn(),
    onRemove: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const picker = canvas.getByLabelText('Photo');
    await expect(picker).toHaveAttribute('type', 'file');
    await expect(canvas.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'dish.jpg', { type: 'image/jpeg' });
    await userEvent.upload(picker, file);
    await expect(args.onFileChange).toHaveBeenCalledWith(file);
  },
};

export const ChosenWithPreview: Story = {
  args: { previewSrc: foodImage('#fbbf24', '#d97706') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Chosen photo' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove photo' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

export const Error: Story = {
  args: { error: 'Upload a JPEG, PNG, WebP or AVIF image.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Upload a JPEG, PNG, WebP or AVIF image.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, previewSrc: foodImage('#86efac', '#15803d') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Photo')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove photo' })).toBeDisabled();
  },
};

export const Uploading: Story = {
  args: { uploading: true, previewSrc: foodImage('#fca5a5', '#b91c1c') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Uploading the photo…');
    await expect(canvas.getByLabelText('Photo')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { previewSrc: foodImage('#fbbf24', '#d97706'), error: 'The image must be at most 10 MB.' },
};
