import { PROFILE_IMAGE_TYPES } from '@recipehub/openapi/limits';
import { Avatar } from '@recipehub/ui/avatar';
import { FileField } from '@recipehub/ui/file-field';
import type { usePictureChoice } from './use-picture-choice';

const IMAGE_TYPES = PROFILE_IMAGE_TYPES.join(',');

type ProfilePictureFieldProps = {
  name: string;
  currentImage: string | null;
  picture: ReturnType<typeof usePictureChoice>;
  error: string | undefined;
  onChosen(): void;
};

/**
 * The profile picture in ui's round file field: the current picture (or the initials) until a new
 * one is chosen, then that one's preview. The file goes with the form when it is saved.
 */
export function ProfilePictureField({
  name,
  currentImage,
  picture,
  error,
  onChosen,
}: ProfilePictureFieldProps) {
  return (
    <FileField
      id="profile-image"
      label="Profile picture"
      hint="JPEG, PNG, WebP or GIF, at most 5 MB."
      accept={IMAGE_TYPES}
      shape="circle"
      previewSrc={picture.preview}
      previewAlt="Preview of your new profile picture"
      emptyPreview={<Avatar name={name} src={currentImage} size={96} />}
      chooseLabel={currentImage ? 'Choose a new picture' : 'Choose a picture'}
      replaceLabel="Choose another picture"
      error={error}
      onFileChange={(file) => {
        picture.setImage(file);
        onChosen();
      }}
    />
  );
}
