import { useState, type ReactNode } from 'react';

export interface FallbackImageProps {
  src: string | null | undefined;
  alt: string;
  /** shown when there is no src or the image fails to load */
  fallback: ReactNode;
  className?: string;
}

export function FallbackImage({ src, alt, fallback, className }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return (
    <img src={src} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailedSrc(src)} />
  );
}

const GRADIENT = {
  /** a square picture: a series' */
  square: 'from-primary/25 to-primary/5',
  /** a 16:9 cover: an event's, a series' card */
  wide: 'from-primary/25 via-primary/10 to-transparent',
};

/** A series' picture or an event's cover; without one (or when it fails), its icon on the primary gradient. */
export function CoverImage({ src, alt, className = 'size-full object-cover', gradient, icon }: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  gradient: keyof typeof GRADIENT;
  /** the icon, sized (e.g. `<Trophy aria-hidden="true" className="size-10 text-primary/70" />`) */
  icon: ReactNode;
}) {
  return (
    <FallbackImage
      src={src}
      alt={alt}
      className={className}
      fallback={<div className={`flex size-full items-center justify-center bg-gradient-to-br ${GRADIENT[gradient]}`}>{icon}</div>}
    />
  );
}
