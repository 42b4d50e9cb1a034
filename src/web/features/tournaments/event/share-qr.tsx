// The sign-up link's QR code (issue 39 §2), loaded only when Share opens: the encoder stays out of every
// page's first bundle. Drawn as one SVG path of whole modules, black on white whatever the theme (scanners
// want dark on light), with the quiet zone the standard asks for; it scales to any size without blurring.
import { useEffect, useMemo, useRef, useState } from 'react';
import { create } from 'qrcode';
import { Maximize2, Minimize2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { qrPath, QUIET_ZONE } from './share-qr-path.ts';

export default function ShareQr({ url, eventName }: { url: string; eventName: string }) {
  // 'M' survives a smudged screen or a glare and keeps an event link small (about 33 modules a side)
  const modules = useMemo(() => create(url, { errorCorrectionLevel: 'M' }).modules, [url]);
  const frame = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const side = modules.size + 2 * QUIET_ZONE;
  const canFullScreen = document.fullscreenEnabled;

  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  async function toggleFullScreen() {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await frame.current?.requestFullscreen();
    } catch {
      // refused (an iframe, a kiosk): the code stays at its size in the dialog
    }
  }

  return (
    // full screen takes this frame whole: the code, the link under it, and the way back
    <div ref={frame} className="flex flex-col items-center justify-center gap-3 rounded-lg bg-white p-2 text-black [&:fullscreen]:gap-4 [&:fullscreen]:p-6" data-testid="share-qr">
      <svg
        viewBox={`0 0 ${side} ${side}`}
        role="img"
        aria-label={`QR code of the link of ${eventName}: ${url}`}
        shapeRendering="crispEdges"
        // full screen: all the height the link and the button leave, the square centred in it
        className={full ? 'min-h-0 w-full flex-1' : 'aspect-square w-full max-w-64'}
      >
        <rect width={side} height={side} fill="#fff" />
        <path d={qrPath(modules)} fill="#000" />
      </svg>
      {full && (
        <p className="text-center text-[min(3vh,3vw)] font-semibold break-all">
          {eventName}: {url}
        </p>
      )}
      {canFullScreen && (
        <Button variant="secondary" className="w-full max-w-64 mobile:min-h-11" onClick={() => void toggleFullScreen()}>
          {full ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
          {full ? 'Leave full screen' : 'Full screen, for a big screen'}
        </Button>
      )}
    </div>
  );
}
