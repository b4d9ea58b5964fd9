import { Avatar } from '@recipehub/ui/avatar';
import type { usePictureChoice } from './use-picture-choice';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

type ProfilePictureFieldProps = {
  name: string;
  currentImage: string | null;
  picture: ReturnType<typeof usePictureChoice>;
  error: string | undefined;
  onChosen(): void;
};

/** The current picture (or the chosen one's preview) and the file input to choose a new one. */
export function ProfilePictureField({
  name,
  currentImage,
  picture,
  error,
  onChosen,
}: ProfilePictureFieldProps) {
  return (
    <div className="profile-form__avatar">
      {picture.preview ? (
        <img
          className="profile-form__preview"
          src={picture.preview}
          alt="Preview of your new profile picture"
          width={96}
          height={96}
        />
      ) : (
        <Avatar name={name} src={currentImage} size={96} />
      )}
      <div className="rh-field">
        <label className="rh-field__label" htmlFor="profile-image">
          Profile picture
        </label>
        <input
          key={picture.fileInputKey}
          id="profile-image"
          className="profile-form__file"
          type="file"
          accept={IMAGE_TYPES}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-image-error' : 'profile-image-hint'}
          onChange={(event) => {
            picture.setImage(event.target.files?.[0] ?? null);
            onChosen();
          }}
        />
        <span id="profile-image-hint" className="rh-field__hint">
          JPEG, PNG, WebP or GIF, at most 5 MB.
        </span>
        {error && (
          <p id="profile-image-error" className="rh-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
