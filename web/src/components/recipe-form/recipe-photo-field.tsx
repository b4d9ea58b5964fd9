import { useEffect, useState } from 'react';
import { FileField } from '@recipehub/ui/file-field';
import {
  PHOTO_ACCEPT,
  PhotoUploadError,
  PHOTO_UPLOAD_FAILED,
  uploadRecipePhoto,
  type RecipePhoto,
} from './recipe-photo-api';

export type PhotoChoice = Pick<RecipePhoto, 'id' | 'src'> | null;

/**
 * The recipe form's photo: picking a file shows it at once (a local preview) and uploads it; the
 * stored photo then replaces the preview. Replace and Remove change only the form: the recipe
 * keeps its photo until the form is saved.
 */
export function RecipePhotoField({
  id,
  value,
  onChange,
  onUploadingChange,
  error,
}: {
  id: string;
  value: PhotoChoice;
  onChange(photo: PhotoChoice): void;
  onUploadingChange(uploading: boolean): void;
  /** The server's message for `photo` on save (e.g. an upload that expired). */
  error?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const uploading = preview !== null;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(file: File) {
    setUploadError(undefined);
    setPreview(URL.createObjectURL(file));
    onUploadingChange(true);
    try {
      onChange(await uploadRecipePhoto(file));
    } catch (failure) {
      setUploadError(failure instanceof PhotoUploadError ? failure.message : PHOTO_UPLOAD_FAILED);
    } finally {
      setPreview(null);
      onUploadingChange(false);
    }
  }

  return (
    <FileField
      id={id}
      name="photo"
      label="Photo (optional)"
      hint="JPEG, PNG, WebP or AVIF, at most 10 MB. It replaces the image URL."
      accept={PHOTO_ACCEPT}
      previewSrc={preview ?? value?.src ?? null}
      uploading={uploading}
      error={uploadError ?? error}
      onFileChange={(file) => void choose(file)}
      onRemove={() => {
        setUploadError(undefined);
        onChange(null);
      }}
    />
  );
}
