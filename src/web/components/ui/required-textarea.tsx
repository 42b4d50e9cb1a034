import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A labelled textarea whose text is required: `missing` marks it invalid and shows `requiredMessage`
 * under it, tied to it for screen readers. The form decides when it is missing (on submit, trimmed).
 */
export function RequiredTextarea({
  id, label, missing, requiredMessage, className, ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; missing: boolean; requiredMessage: string }) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        className={cn('block w-full rounded-md border bg-background px-3 py-2 text-sm', className)}
        {...props}
      />
      {missing && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {requiredMessage}
        </p>
      )}
    </>
  );
}
