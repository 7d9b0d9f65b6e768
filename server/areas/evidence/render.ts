import type { EvidenceEntry, EvidencePack } from '../../../src/contract/evidence/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { label } from '../../core/labels.ts';
import { type Pdf, pdfDocument } from '../../core/pdf.ts';
import { actionWord } from '../audit/words.ts';
import { drawTemperature } from './chart.ts';
import { chinaTime, eventWord, fieldWord, viewWord, word, zonedTime } from './words.ts';

/**
 * The evidence pack as a PDF for people (21 CFR Part 11 §11.10(b): "accurate and complete copies
 * of records in both human readable and electronic form"): every section of the JSON pack, in
 * zh-CN or en, ending with the audit entries' chain hashes for a reader to compare with the JSON
 * pack (a PDF cannot state its own JSON's SHA-256: they are made apart).
 */
export async function evidencePdf(pack: EvidencePack, lang: Lang): Promise<Uint8Array> {
  const w = (key: Parameters<typeof word>[1], params?: Record<string, string | number>) =>
    word(lang, key, params);
  const { order } = pack;
  const title = `${w('title')} ${order.order_no}`;
  const pdf = await pdfDocument({
    title,
    subject: `${w('brand')} · ${title}`,
    lang,
    now: new Date(pack.generated_at),
    header: `${w('brand')} · ${title}`,
    headerRight: `${w('generatedAt')} ${chinaTime(pack.generated_at)}`,
    footer: w('zone'),
    pageOf: (page, pages) => w('page', { page, pages }),
  });
  pdf.title(title);
  pdf.fields([
    [w('generatedAt'), zonedTime(pack.generated_at, lang)],
    [w('generatedBy'), pack.generated_by.name],
    [w('customer'), pack.generated_by.customer],
  ]);
  pdf.paragraph(w('forPeople'), { muted: true });
  if (order.masked.length > 0)
    pdf.paragraph(w('maskedNote', { fields: order.masked.map((f) => fieldWord(lang, f)).join(', ') }));

  orderSection(pdf, pack, lang);
  timelineSection(pdf, pack, lang);
  temperatureSection(pdf, pack, lang);
  documentsSection(pdf, pack, lang);
  signaturesSection(pdf, pack, lang);
  auditSection(pdf, pack, lang);
  chainSection(pdf, pack, lang);
  return pdf.finish();
}

type Section = (pdf: Pdf, pack: EvidencePack, lang: Lang) => void;

const party = (company: string, contact: string, phone: string, place: string) =>
  [company, [contact, phone].filter(Boolean).join(' '), place].filter(Boolean).join('\n');

/** A side's place: its city and district before its address, unless the address already starts with them. */
const placeOf = (city: string, district: string, address: string) => {
  const area = `${city}${district}`;
  return (address.startsWith(area) || address.startsWith(city) ? address : `${area} ${address}`).trim();
};

const orderSection: Section = (pdf, { order }, lang) => {
  const w = (key: Parameters<typeof word>[1]) => word(lang, key);
  pdf.heading(w('order'));
  const rows: Array<readonly [string, string]> = [
    [w('orderNo'), order.order_no],
    [w('status'), label('status', order.status, lang)],
    [w('type'), label('order_type', order.order_type, lang)],
    [w('tempClass'), label('temp_class', order.temp_class, lang)],
    [w('milestone'), label('milestone', order.milestone, lang)],
    [w('excursion'), label('excursion', order.excursion, lang)],
    [w('documentStatus'), label('attachment_status', order.attachment_status, lang)],
    [w('project'), [order.protocol_no, order.project_name].filter(Boolean).join(' ')],
    [w('site'), order.site_name],
    [
      w('from'),
      party(
        order.from_company,
        order.from_contact,
        order.from_phone,
        placeOf(order.from_city, order.from_district, order.from_address),
      ),
    ],
    [
      w('to'),
      party(
        order.to_company,
        order.to_contact,
        order.to_phone,
        placeOf(order.to_city, order.to_district, order.to_address),
      ),
    ],
    [w('pickupAt'), chinaTime(order.pickup_at)],
    [w('deliverBy'), chinaTime(order.deliver_by)],
    [w('signed'), [order.sign_name ?? '', chinaTime(order.signed_at)].filter(Boolean).join(' · ')],
    [w('created'), chinaTime(order.created_at)],
    [w('updated'), `${chinaTime(order.updated_at)} (${order.version})`],
    [w('remark'), order.remark],
  ];
  if (order.cancel_reason) rows.push([w('cancelReason'), order.cancel_reason]);
  if (order.merged_into_no) rows.push([w('mergedInto'), order.merged_into_no]);
  if (order.sources.length) rows.push([w('sources'), order.sources.map((s) => s.order_no).join(', ')]);
  if (order.modification) {
    const m = order.modification;
    rows.push([
      w('modification'),
      [
        chinaTime(m.requested_at),
        viewWord(
          lang,
          m.kind === 'change' ? 'orderView.apply.kindChange' : 'orderView.apply.kindCancel',
          m.kind,
        ),
        viewWord(lang, `orderView.apply.state.${m.status}`, m.status),
        m.reason,
        m.answer,
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  }
  pdf.fields(rows);
  if (order.goods.length) {
    pdf.subheading(w('goods'));
    pdf.table(
      [
        { title: w('name'), width: 4 },
        { title: w('code'), width: 2 },
        { title: w('batch'), width: 2 },
        { title: w('expiry'), width: 1.6 },
        { title: w('quantity'), width: 1.6, align: 'right' },
      ],
      order.goods.map((g) => [
        [g.name, g.spec].filter(Boolean).join(' '),
        g.code,
        g.batch_no,
        g.expiry ?? '',
        `${g.quantity} ${g.unit}`,
      ]),
    );
  }
  if (order.boxes.length) {
    pdf.subheading(w('boxes'));
    pdf.table(
      [
        { title: w('boxType'), width: 2 },
        { title: w('logger'), width: 2 },
        { title: w('weight'), width: 1, align: 'right' },
      ],
      order.boxes.map((b) => [b.box_type, b.logger_id, String(b.weight_kg)]),
    );
  }
  if (order.remarks.length) {
    pdf.subheading(w('remarks'));
    pdf.table(
      [
        { title: w('time'), width: 1.4 },
        { title: w('kind'), width: 0.8 },
        { title: w('author'), width: 1.2 },
        { title: w('text'), width: 5 },
      ],
      order.remarks.map((r) => [
        chinaTime(r.at),
        viewWord(
          lang,
          r.kind === 'remark' ? 'orderView.remarks.kindRemark' : 'orderView.remarks.kindFeedback',
          r.kind,
        ),
        r.author,
        r.text,
      ]),
    );
  }
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Fields whose values are the domain's words (labels.ts). */
const LABELLED = {
  status: 'status',
  milestone: 'milestone',
  excursion: 'excursion',
  attachment_status: 'attachment_status',
  temp_class: 'temp_class',
  order_type: 'order_type',
} as const;

/**
 * A value of a change as a line reads it: the domain's words for its field's values, times as
 * China time, goods as name, batch and quantity, a record (a document) as its `key: value` pairs.
 */
function valueText(value: unknown, lang: Lang, field = ''): string {
  if (value === null || value === undefined || value === '') return word(lang, 'empty');
  const labelled = LABELLED[field.replace(/^requested\./, '') as keyof typeof LABELLED];
  if (labelled && typeof value === 'string') return label(labelled, value, lang);
  if (typeof value === 'string') return ISO_TIME.test(value) ? chinaTime(value) : value;
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === 'object' && 'name' in item && 'quantity' in item
          ? `${String(item.name)} ${String((item as { batch_no?: unknown }).batch_no ?? '')} × ${String(item.quantity)} ${String((item as { unit?: unknown }).unit ?? '')}`
              .replace(/\s+/g, ' ')
              .trim()
          : valueText(item, lang),
      )
      .join('; ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${valueText(item, lang, key)}`)
      .join(', ');
  return String(value);
}

const changeLines = (changes: ReadonlyArray<{ field: string; old: unknown; new: unknown }>, lang: Lang) =>
  changes.map((c) =>
    c.old === null || c.old === undefined
      ? `${fieldWord(lang, c.field)}: ${valueText(c.new, lang, c.field)}`
      : `${fieldWord(lang, c.field)}: ${valueText(c.old, lang, c.field)} → ${valueText(c.new, lang, c.field)}`,
  );

const meaningWord = (lang: Lang, meaning: string) =>
  viewWord(lang, `orderView.sign.meaning.${meaning}`, meaning);

const timelineSection: Section = (pdf, { timeline }, lang) => {
  pdf.heading(word(lang, 'timeline'));
  pdf.table(
    [
      { title: word(lang, 'time'), width: 1.5 },
      { title: word(lang, 'event'), width: 1.6 },
      { title: word(lang, 'actor'), width: 1.6 },
      { title: word(lang, 'details'), width: 4.3 },
    ],
    timeline.map((e) => {
      const status =
        e.status_from && e.status_to
          ? `${label('status', e.status_from, lang)} → ${label('status', e.status_to, lang)}`
          : '';
      const signature = e.signature
        ? `${meaningWord(lang, e.signature.meaning)}: ${e.signature.name}, ${zonedTime(e.signature.signed_at, lang)}`
        : '';
      return [
        chinaTime(e.at),
        eventWord(lang, e.kind),
        e.actor_name,
        [status, e.reason, e.location, ...changeLines(e.changes ?? [], lang), signature]
          .filter(Boolean)
          .join('\n'),
      ];
    }),
  );
};

/** A reading as recorded, with one decimal at least (4 reads 4.0, 4.25 stays 4.25). */
export const celsiusText = (c: number) => (Number.isInteger(c) ? c.toFixed(1) : String(c));

/** Readings per table row: time and °C of each, side by side. */
const READINGS_ACROSS = 4;

const temperatureSection: Section = (pdf, { temperature }, lang) => {
  const w = (key: Parameters<typeof word>[1]) => word(lang, key);
  pdf.heading(w('temperature'));
  const { readings, min, max } = temperature;
  const celsius = readings.map((r) => r.celsius);
  const bound = (v: number | null) => (v === null ? w('noBound') : `${v} °C`);
  pdf.fields([
    [w('tempClass'), label('temp_class', temperature.temp_class, lang)],
    [w('range'), `${bound(min)} … ${bound(max)}`],
    [w('excursion'), label('excursion', temperature.excursion, lang)],
    [w('count'), String(readings.length)],
    ...(readings.length
      ? ([
          [w('logger'), [...new Set(readings.map((r) => r.logger_id))].join(', ')],
          [w('lowest'), `${celsiusText(celsius.reduce((a, b) => Math.min(a, b)))} °C`],
          [w('highest'), `${celsiusText(celsius.reduce((a, b) => Math.max(a, b)))} °C`],
          [w('span'), `${chinaTime(readings[0]?.at)} – ${chinaTime(readings.at(-1)?.at)}`],
        ] as const)
      : []),
  ]);
  if (readings.length === 0) {
    pdf.paragraph(w('noReadings'), { muted: true });
    return;
  }
  drawTemperature(pdf, temperature);
  pdf.subheading(w('excursions'));
  if (temperature.excursions.length === 0) pdf.paragraph(w('noExcursions'), { muted: true });
  else
    pdf.table(
      [
        { title: w('from_'), width: 2 },
        { title: w('until'), width: 2 },
        { title: w('minutes'), width: 1, align: 'right' },
        { title: w('peak'), width: 1, align: 'right' },
        { title: '', width: 0.2 },
        { title: w('level'), width: 1 },
      ],
      temperature.excursions.map((e) => [
        chinaTime(e.from),
        chinaTime(e.to),
        String(e.minutes),
        celsiusText(e.peak),
        '',
        label('excursion', e.level, lang),
      ]),
    );
  pdf.subheading(`${w('readings')} (${readings.length})`);
  pdf.paragraph(w('outside'), { muted: true, size: 7.5 });
  const mark = (c: number) => (max !== null && c > max ? ' ↑' : min !== null && c < min ? ' ↓' : '');
  // time and °C of each reading, with a gap before the next reading's time
  const columns = Array.from({ length: READINGS_ACROSS }, (_, i) => [
    { title: w('time'), width: 1.9 },
    { title: '°C', width: 0.6, align: 'right' as const },
    ...(i < READINGS_ACROSS - 1 ? [{ title: '', width: 0.3 }] : []),
  ]).flat();
  const loggers = [...new Set(readings.map((r) => r.logger_id))];
  for (const logger of loggers) {
    const own = readings.filter((r) => r.logger_id === logger);
    if (loggers.length > 1) pdf.subheading(`${w('logger')} ${logger} (${own.length})`);
    const rows: string[][] = [];
    for (let i = 0; i < own.length; i += READINGS_ACROSS)
      rows.push(
        own
          .slice(i, i + READINGS_ACROSS)
          .flatMap((r, k) => [
            chinaTime(r.at),
            `${celsiusText(r.celsius)}${mark(r.celsius)}`,
            ...(k < READINGS_ACROSS - 1 ? [''] : []),
          ]),
      );
    pdf.table(columns, rows, { size: 6.5, fixed: true });
  }
};

/** 64 hex characters in two lines of 32 (fixed width: easy to compare). */
const twoLines = (hash: string) => `${hash.slice(0, 32)}\n${hash.slice(32)}`;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const documentsSection: Section = (pdf, { documents }, lang) => {
  const w = (key: Parameters<typeof word>[1]) => word(lang, key);
  pdf.heading(w('documents'));
  if (documents.length === 0) {
    pdf.paragraph(w('noDocuments'), { muted: true });
    return;
  }
  pdf.table(
    [
      { title: w('name'), width: 2.6 },
      { title: w('status'), width: 1.3 },
      { title: w('uploaded'), width: 1.5 },
      { title: 'SHA-256', width: 3.3, mono: true },
    ],
    documents.map((d) => [
      [
        `#${d.id} ${viewWord(lang, `orderView.attach.kind.${d.kind}`, d.kind)}: ${d.name}`,
        `${sizeText(d.size)} · ${d.media_type}`,
      ].join('\n'),
      [viewWord(lang, `orderView.attach.state.${d.status}`, d.status), d.reason].filter(Boolean).join('\n'),
      `${chinaTime(d.uploaded_at)}\n${w(d.source === 'provider' ? 'byProvider' : 'bySource')}`,
      twoLines(d.sha256),
    ]),
  );
};

const signaturesSection: Section = (pdf, pack, lang) => {
  const w = (key: Parameters<typeof word>[1]) => word(lang, key);
  pdf.heading(w('signatures'));
  if (pack.signatures.length === 0) {
    pdf.paragraph(w('noSignatures'), { muted: true });
    return;
  }
  const documents = new Map(pack.documents.map((d) => [String(d.id), d]));
  pdf.table(
    [
      { title: w('signer'), width: 1.5 },
      { title: w('meaning'), width: 1 },
      { title: w('signedAt'), width: 2 },
      { title: w('signedRecord'), width: 2.2 },
      { title: w('current'), width: 1.3 },
    ],
    pack.signatures.map((s) => [
      s.name,
      meaningWord(lang, s.meaning),
      zonedTime(s.signed_at, lang),
      s.record_type === 'order'
        ? `${w('theOrder')} ${pack.order.order_no}`
        : `${w('document')} ${documents.get(s.record_id)?.name ?? s.record_id}`,
      w(s.current ? 'yes' : 'no'),
    ]),
  );
};

const actorOf = (entry: EvidenceEntry, lang: Lang) => {
  const kind =
    entry.actor_kind === 'provider'
      ? 'providerActor'
      : entry.actor_kind === 'user'
        ? 'customerActor'
        : 'systemActor';
  return `${entry.actor_name}\n${word(lang, kind)}`;
};

const auditSection: Section = (pdf, { audit }, lang) => {
  const w = (key: Parameters<typeof word>[1]) => word(lang, key);
  pdf.heading(w('audit'));
  if (audit.entries.length === 0) {
    pdf.paragraph(w('noEntries'), { muted: true });
    return;
  }
  pdf.table(
    [
      { title: w('place'), width: 0.6, align: 'right' },
      { title: w('time'), width: 1.4 },
      { title: w('action'), width: 1.3 },
      { title: w('actor'), width: 1.3 },
      { title: w('changes'), width: 4.4 },
    ],
    audit.entries.map((e) => [
      String(e.seq),
      chinaTime(e.at),
      actionWord(e.action, lang),
      actorOf(e, lang),
      [
        e.reason ? `${w('reason')}: ${e.reason}` : '',
        ...changeLines(
          e.changes.filter((c) => c.field !== 'signature'),
          lang,
        ),
        ...e.changes
          .filter((c) => c.field === 'signature' && c.new && typeof c.new === 'object')
          .map((c) => {
            const s = c.new as { name?: string; meaning?: string; signed_at?: string };
            return `${meaningWord(lang, s.meaning ?? '')}: ${s.name ?? ''}, ${s.signed_at ? zonedTime(s.signed_at, lang) : ''}`;
          }),
      ]
        .filter(Boolean)
        .join('\n'),
    ]),
  );
};

const chainSection: Section = (pdf, { audit }, lang) => {
  const w = (key: Parameters<typeof word>[1], params?: Record<string, string | number>) =>
    word(lang, key, params);
  pdf.heading(w('chain'));
  pdf.paragraph(w('chainIntro'), { muted: true });
  const { chain } = audit;
  pdf.fields([
    [
      w('chain'),
      w('chainOf', { cu: chain.cu_id, first: chain.first_seq ?? '–', last: chain.last_seq ?? '–' }),
    ],
    [w('head'), `${chain.head.seq}\n${chain.head.hash}`],
  ]);
  if (audit.entries.length === 0) return;
  pdf.table(
    [
      { title: w('place'), width: 0.7, align: 'right' },
      { title: w('time'), width: 1.5 },
      { title: w('hashes'), width: 6, mono: true },
      { title: '', width: 0.9 },
    ],
    audit.entries.map((e) => [
      String(e.seq),
      chinaTime(e.at),
      `prev ${e.prev_hash}\nhash ${e.hash}`,
      e.masked ? w('masked') : '',
    ]),
    { size: 7.5 },
  );
};
