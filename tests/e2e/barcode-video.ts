import { writeFileSync } from 'node:fs';

/**
 * A camera for the scanner test: a Y4M video (what Chromium's fake capture device plays)
 * showing one EAN-13 barcode, black on white, 640×480 like the product's reader.
 */
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L : G)[digits[i]!]!;
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[digits[i]!]!;
  return `${bits}101`;
}

export function writeBarcodeVideo(path: string, code: string, frames = 30): void {
  const width = 640;
  const height = 480;
  const moduleWidth = 5;
  const bits = ean13Modules(code);
  const left = Math.floor((width - bits.length * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 90; y < 390; y++) {
    for (let m = 0; m < bits.length; m++) {
      if (bits[m] !== '1') continue;
      luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]),
  );
}
