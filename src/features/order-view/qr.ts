import qrcode from 'qrcode-generator';

/**
 * A QR code (error correction M) as one SVG path in module units, with a quiet zone of 4
 * modules: `size` is the side of the whole square. qrcode-generator is ~13 KB minified, ESM,
 * without dependencies.
 */
export function qrPath(text: string, quiet = 4): { path: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  return { path, size: count + quiet * 2 };
}
