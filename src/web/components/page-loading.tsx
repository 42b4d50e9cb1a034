import { LoaderCircle } from 'lucide-react';

export function PageLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      Loading page…
    </p>
  );
}
