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
