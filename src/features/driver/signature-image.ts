/**
 * The receiver's signature as it is sent (issue 47): the drawn part only, on white, as a PNG
 * data URL no larger than MAX_SIGNATURE_DATA_URL characters. A phone's canvas is drawn at its
 * pixel ratio (a 3× screen makes a 1000 px wide pad), far more than a signature needs; it is
 * cut to the ink and scaled down until it fits, so a route's signatures stay small in the
 * outbox and on the server (which takes up to 300 KB).
 */

/** About 100 KB: what one signature may take. */
export const MAX_SIGNATURE_DATA_URL = 100 * 1024;
/** A signature wider than this says nothing more. */
const MAX_WIDTH = 600;
const MAX_HEIGHT = 240;
/** White space kept around the ink, in the canvas's pixels. */
const MARGIN = 8;

export interface InkBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel with ink (alpha above 0) of RGBA pixels; null when blank. */
export function inkBounds(rgba: Uint8ClampedArray, width: number, height: number): InkBounds | null {
  let top = height;
  let left = width;
  let bottom = -1;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * 4 + 3] === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The box with its margin, inside the canvas. */
export function withMargin(bounds: InkBounds, width: number, height: number): InkBounds {
  const x = Math.max(0, bounds.x - MARGIN);
  const y = Math.max(0, bounds.y - MARGIN);
  return {
    x,
    y,
    width: Math.min(width, bounds.x + bounds.width + MARGIN) - x,
    height: Math.min(height, bounds.y + bounds.height + MARGIN) - y,
  };
}

/** The first scale at which the signature is drawn: never larger than drawn, at most MAX_WIDTH × MAX_HEIGHT. */
export function initialScale(bounds: Pick<InkBounds, 'width' | 'height'>): number {
  return Math.min(1, MAX_WIDTH / bounds.width, MAX_HEIGHT / bounds.height);
}

/** The signature drawn on `source` (transparent where blank), or null when nothing was drawn. */
export function signaturePng(source: HTMLCanvasElement): string | null {
  const context = source.getContext('2d');
  if (!context || source.width === 0 || source.height === 0) return null;
  const ink = inkBounds(context.getImageData(0, 0, source.width, source.height).data, source.width, source.height);
  if (!ink) return null;
  const box = withMargin(ink, source.width, source.height);
  let scale = initialScale(box);
  for (;;) {
    const out = document.createElement('canvas');
    out.width = Math.max(1, Math.round(box.width * scale));
    out.height = Math.max(1, Math.round(box.height * scale));
    const drawing = out.getContext('2d');
    if (!drawing) return null;
    // On white: the office and the print show it on paper-white whatever their theme.
    drawing.fillStyle = '#fff';
    drawing.fillRect(0, 0, out.width, out.height);
    drawing.drawImage(source, box.x, box.y, box.width, box.height, 0, 0, out.width, out.height);
    const url = out.toDataURL('image/png');
    if (url.length <= MAX_SIGNATURE_DATA_URL || out.width <= 60) return url;
    scale *= 0.7;
  }
}
