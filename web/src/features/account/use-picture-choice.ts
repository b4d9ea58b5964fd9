import { useEffect, useMemo, useState } from 'react';

/** The picture chosen for upload and its preview URL (ui's FileField empties its own input). */
export function usePictureChoice() {
  const [image, setImage] = useState<File | null>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  // The object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const clear = () => setImage(null);
  return { image, setImage, preview, clear };
}
