import { Camera } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { profileImageProblem } from '../schemas';
import { Avatar } from './avatar';

/** A profile picture chooser: the current photo or initial, a preview of the chosen file,
 * and the spec's messages for a wrong type, a file over 5 MB, or one that cannot be read. */
export function AvatarPicker({
  fullName,
  photo,
  file,
  onFile,
}: {
  fullName?: string | null;
  photo?: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // The preview's object URL lives as long as its file is chosen; it goes straight onto the
  // <img> before paint, so no render waits for it.
  const preview = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    if (!file || !preview.current) return;
    const url = URL.createObjectURL(file);
    preview.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex items-center gap-4">
      {file ? (
        <img
          ref={preview}
          alt="Chosen profile picture"
          width={80}
          height={80}
          className="h-20 w-20 rounded-full object-cover"
          onError={() => {
            setError('Failed to process the image. Please try again.');
            onFile(null);
          }}
        />
      ) : (
        <Avatar fullName={fullName} photo={photo} className="h-20 w-20 text-2xl" />
      )}
      <div className="space-y-1">
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {file || photo ? 'Change photo' : 'Upload photo'}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-label="Profile picture"
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (!chosen) return;
            const problem = profileImageProblem(chosen);
            setError(problem);
            onFile(problem ? null : chosen);
          }}
        />
        <p className="text-xs text-slate-500">JPEG, PNG, GIF or WebP, up to 5 MB.</p>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
