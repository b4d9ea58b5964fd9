import { useEffect, useMemo, useState } from 'react';

/** The picture chosen for upload, its preview URL, and a key that empties the file input. */
export function usePictureChoice() {
  const [image, setImage] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  // The object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const clear = () => {
    setImage(null);
    setFileInputKey((key) => key + 1);
  };
  return { image, setImage, preview, fileInputKey, clear };
}
