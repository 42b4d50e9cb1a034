import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface AvatarProps {
  src: string | null | undefined;
  name: string;
  className?: string;
}

/** A round picture named for screen readers; the initial stands in when there is none or it fails (offline CDN). */
export function Avatar({ src, name, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  return (
    <span
      role="img"
      aria-label={`${name}'s avatar`}
      data-testid="user-avatar"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-sm font-semibold text-primary',
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
