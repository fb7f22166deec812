import { cn } from '@/lib/utils';
import { useSignedPhoto } from '../api/get-signed-url';

const COLOURS = ['bg-rose-500', 'bg-orange-500', 'bg-amber-500', 'bg-emerald-500', 'bg-teal-500', 'bg-sky-500', 'bg-indigo-500', 'bg-fuchsia-500'];

/** The first letter of the name, or '?' when there is none. */
export function initial(fullName: string | null | undefined): string {
  const letter = fullName?.trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}

/** The circle's colour, chosen from the letter so a person keeps theirs. */
export function avatarColour(letter: string): string {
  return COLOURS[letter.charCodeAt(0) % COLOURS.length];
}

/** The user's photo (through a signed URL), else a coloured circle with their initial (spec §2). */
export function Avatar({ fullName, photo, className }: { fullName?: string | null; photo?: string | null; className?: string }) {
  const src = useSignedPhoto(photo);
  const letter = initial(fullName);
  if (src) return <img src={src} alt="" width={36} height={36} className={cn('h-9 w-9 rounded-full object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn('flex h-9 w-9 items-center justify-center rounded-full font-semibold text-white', avatarColour(letter), className)}>
      {letter}
    </span>
  );
}
