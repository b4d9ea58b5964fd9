import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Avatar } from './avatar';
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

/** A profile picture: a round frame showing the current avatar, the page's own texts. */
export const ProfilePicture: Story = {
  args: {
    label: 'Profile picture',
    hint: 'JPEG, PNG, WebP or GIF, at most 5 MB.',
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    shape: 'circle',
    emptyPreview: <Avatar name="Nusrat Jahan" size={96} />,
    chooseLabel: 'Choose a picture',
    replaceLabel: 'Choose another picture',
    onRemove: undefined,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('NJ')).toBeVisible();
    await expect(canvas.getByText('Choose a picture')).toBeVisible();
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText('Profile picture'), file);
    await expect(args.onFileChange).toHaveBeenCalledWith(file);
  },
};

export const ProfilePictureChosen: Story = {
  args: {
    ...ProfilePicture.args,
    previewSrc: foodImage('#fbbf24', '#d97706'),
    previewAlt: 'Preview of your new profile picture',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: 'Preview of your new profile picture' }),
    ).toBeVisible();
    await expect(canvas.getByText('Choose another picture')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  },
};
