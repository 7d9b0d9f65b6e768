import type { Temperature } from '../../../src/contract/orders/schemas.ts';
import type { Pdf } from '../../core/pdf.ts';
import { chinaTime } from './words.ts';

const LINE_COLORS = ['#0969da', '#8250df', '#1a7f37', '#bf3989', '#9a6700'];
const LIMIT = '#cf222e';
const BAND = '#dafbe1';
const OUTSIDE = '#ffebe9';
const AXIS = '#59636e';

/**
 * The readings as a line per logger over time, on the class's allowed band (green) with its
 * limits (red, dashed) and the excursions' spans shaded: what the temperature tab's chart shows,
 * drawn as vectors (a few kilobytes for thousands of readings).
 */
export function drawTemperature(pdf: Pdf, temperature: Temperature, height = 150): void {
  const { doc } = pdf;
  const readings = temperature.readings;
  if (readings.length === 0) return;
  pdf.room(height + 30);
  const left = doc.page.margins.left + 34;
  const top = doc.y + 4;
  const width = pdf.width - 34;
  // (reduce, not Math.min(...all): an order may hold more readings than a call takes arguments)
  const times = readings.map((r) => Date.parse(r.at));
  const t0 = times.reduce((a, b) => Math.min(a, b));
  const t1 = Math.max(
    times.reduce((a, b) => Math.max(a, b)),
    t0 + 60_000,
  );
  const values = [
    ...readings.map((r) => r.celsius),
    ...[temperature.min, temperature.max].filter((v): v is number => v !== null),
  ];
  const low = Math.floor(values.reduce((a, b) => Math.min(a, b)) - 1);
  const high = Math.ceil(values.reduce((a, b) => Math.max(a, b)) + 1);
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * width;
  const y = (c: number) => top + height - ((c - low) / (high - low)) * height;

  doc.save();
  const bandTop = y(temperature.max ?? high);
  const bandBottom = y(temperature.min ?? low);
  doc.rect(left, bandTop, width, bandBottom - bandTop).fill(BAND);
  for (const e of temperature.excursions) {
    const from = x(Date.parse(e.from));
    doc.rect(from, top, Math.max(1, x(Date.parse(e.to)) - from), height).fill(OUTSIDE);
  }
  for (const limit of [temperature.min, temperature.max]) {
    if (limit === null) continue;
    doc
      .moveTo(left, y(limit))
      .lineTo(left + width, y(limit))
      .dash(3, { space: 2 })
      .lineWidth(0.6)
      .strokeColor(LIMIT)
      .stroke()
      .undash();
  }
  const loggers = [...new Set(readings.map((r) => r.logger_id))];
  loggers.forEach((logger, i) => {
    const points = readings.filter((r) => r.logger_id === logger);
    points.forEach((r, k) => {
      const px = x(Date.parse(r.at));
      const py = y(r.celsius);
      if (k === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    });
    doc
      .lineWidth(0.7)
      .strokeColor(LINE_COLORS[i % LINE_COLORS.length] as string)
      .stroke();
  });
  doc.rect(left, top, width, height).lineWidth(0.4).strokeColor(AXIS).stroke();
  doc.restore();

  // the scale: °C at the band's edges and the frame's, the first and last reading's time
  doc.fontSize(6.5).fillColor(AXIS);
  const marks = new Set([low, high, ...(temperature.min === null ? [] : [temperature.min])]);
  if (temperature.max !== null) marks.add(temperature.max);
  for (const mark of marks)
    doc.text(`${mark} °C`, left - 34, y(mark) - 3, { width: 31, align: 'right', lineBreak: false });
  doc.text(chinaTime(new Date(t0).toISOString()), left, top + height + 2, { lineBreak: false });
  doc.text(chinaTime(new Date(t1).toISOString()), left, top + height + 2, {
    width,
    align: 'right',
    lineBreak: false,
  });
  if (loggers.length > 1)
    loggers.forEach((logger, i) => {
      doc
        .fillColor(LINE_COLORS[i % LINE_COLORS.length] as string)
        .text(`— ${logger}`, left + 4 + i * 90, top + 3, { lineBreak: false });
    });
  doc.fillColor('#1f2328');
  doc.x = doc.page.margins.left;
  doc.y = top + height + 14;
}
