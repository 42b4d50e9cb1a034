import { useEffect, useRef, useState } from 'react';
import { ImageUp, Layers, Trash2 } from 'lucide-react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '../../../domain/api/images.ts';
import { Button } from '../../components/ui/button.tsx';
import { CoverImage } from '../../components/ui/fallback-image.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { FieldMessage, describedBy } from '../../components/form-fields.tsx';

export interface PictureInputProps {
  /** the stored picture URL */
  current: string | null;
  /** a newly chosen file, uploaded with the save */
  file: File | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  /** 0..1 while the save uploads the file */
  progress?: number;
  error?: string;
}

export const PICTURE_TOO_LARGE = `larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/** Picture with a preview; the file goes up with the save, with a progress bar. */
export function PictureInput({ current, file, onFile, onRemove, progress, error }: PictureInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? current;
  const hint = `PNG, JPEG, WebP or GIF, up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  const aria = describedBy('picture', hint, error);

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium">Picture</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="size-28 shrink-0 overflow-hidden rounded-xl border bg-muted">
          <CoverImage src={shown} alt={shown ? 'Picture preview' : ''} gradient="square" icon={<Layers aria-hidden="true" className="size-9 text-primary/70" />} />
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            {...aria}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label="Picture file"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) onFile(f);
            }}
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {shown ? 'Change picture' : 'Choose picture'}
          </Button>
          {shown && (
            <Button variant="ghost" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove picture
            </Button>
          )}
        </div>
      </div>
      {file && <p className="text-xs text-muted-foreground">{file.name} will be uploaded when you save.</p>}
      {progress !== undefined && <ProgressBar value={progress} label="Uploading picture" />}
      <FieldMessage name="picture" hint={hint} error={error} />
    </div>
  );
}
