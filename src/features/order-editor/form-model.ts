import type * as v from 'valibot';
import type { Address, ProjectConf } from '../../contract/master-data/schemas.ts';
import {
  type CreateOrderRequest,
  type EditorStart,
  type InventoryAddAnswer,
  OrderInput,
  type OrderDraftData,
  type OrderValue,
} from '../../contract/order-editor/schemas.ts';
import {
  DTP_KINDS,
  type DtpKind,
  GOODS_TYPES,
  type GoodsType,
  ORDER_TYPES,
  type OrderType,
  TEMP_CLASSES,
  type TempClass,
} from '../../contract/orders/domain.ts';
import { fitsUnit } from '../../contract/goods/quantity.ts';
import { t } from '../../i18n/translate.ts';
import { firstIssues, validate } from '../../lib/form-schema.ts';
import '../../i18n/areas/order-editor.ts';

/** The form's value: a draft of the order (every field optional; what a draft box entry holds). */
export type EditorForm = OrderDraftData;
export type Side = 'from' | 'to';
export type Project = EditorStart['projects'][number];

/** What the chosen project allows (everything before a project is chosen: nothing). */
export interface Allowed {
  orderTypes: readonly OrderType[];
  goodsTypes: readonly GoodsType[];
  tempClasses: readonly TempClass[];
  dtpKinds: readonly DtpKind[];
  requiredAttachments: readonly string[];
}

export function allowedBy(conf: ProjectConf | undefined): Allowed {
  if (!conf)
    return { orderTypes: [], goodsTypes: [], tempClasses: [], dtpKinds: [], requiredAttachments: [] };
  return {
    orderTypes: ORDER_TYPES.filter((x) => conf.order_types.includes(x)),
    goodsTypes: GOODS_TYPES.filter((x) => conf.goods_types.includes(x)),
    tempClasses: TEMP_CLASSES.filter((x) => conf.temp_classes.includes(x)),
    dtpKinds: conf.dtp_allowed ? DTP_KINDS : [0],
    requiredAttachments: conf.required_attachments,
  };
}

/** The one allowed value when there is exactly one, else the current one if still allowed, else null. */
function keepOrOnly<T>(current: T | null | undefined, allowed: readonly T[]): T | null {
  if (current !== null && current !== undefined && allowed.includes(current)) return current;
  return allowed.length === 1 ? (allowed[0] as T) : null;
}

/**
 * Choosing a project: types and classes it does not allow are cleared (its single allowed value
 * is taken), and goods and the site, which belong to a project, go when the project changes.
 */
export function withProject(form: EditorForm, project: Project): EditorForm {
  const allowed = allowedBy(project.conf);
  const changed = form.pr_id !== project.pr_id;
  return {
    ...form,
    pr_id: project.pr_id,
    order_type: keepOrOnly(form.order_type, allowed.orderTypes),
    to_goodstype: keepOrOnly(form.to_goodstype, allowed.goodsTypes),
    temp_class: keepOrOnly(form.temp_class, allowed.tempClasses),
    is_dtp: keepOrOnly(form.is_dtp ?? 0, allowed.dtpKinds) ?? 0,
    ...(changed ? { goods: [], boxes: [], ho_id: null } : {}),
  };
}

/** A party picked from the address book, a site or a contact, as the side's fields take it. */
export interface PartyFill {
  company?: string;
  contact?: string;
  phone?: string;
  address?: string;
  city_id?: number | null;
  ad_id?: number | null;
  ho_id?: number | null;
}

/** What an address of the address book fills a side with. */
export function addressFill(a: Address): PartyFill {
  return {
    company: a.company,
    contact: a.contact,
    phone: a.phone,
    address: a.address,
    city_id: a.region_id,
    ad_id: a.ad_id,
    ...(a.ho_id ? { ho_id: a.ho_id } : {}),
  };
}

/** Fills a side from a pick; fields the pick does not name stay as they were. */
export function withParty(form: EditorForm, side: Side, fill: PartyFill): EditorForm {
  const next: EditorForm = { ...form };
  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  set(`${side}_company`, fill.company);
  set(`${side}_contact`, fill.contact);
  set(`${side}_phone`, fill.phone);
  set(`${side}_address`, fill.address);
  set(`${side}_city_id`, fill.city_id);
  set(`${side}_ad_id`, fill.ad_id);
  if (fill.ho_id !== undefined) next.ho_id = fill.ho_id;
  return next;
}

/** What the form knows about the goods lines it shows (from `inventory-detail-add`). */
export interface GoodsInfo {
  code: string;
  name: string;
  spec: string;
  batch_no: string;
  expiry: string | null;
  available: number;
  unit: string;
  depot: string;
  warning: 'expired' | 'before_delivery' | 'within_30_days' | null;
  /** Why the server would refuse the line (another project, class, not enough, expired, held back). */
  refused: Refusal | null;
  /** The excursion case that holds the line back (`on_hold`, `quarantined`), when the server named it. */
  case_no?: string | null;
}

export type Refusal = InventoryAddAnswer['refused'][number]['reason'];

/**
 * Why a line cannot be taken, in the user's language; a line an excursion holds back names its
 * case ("Quarantined after excursion case EXC-000123").
 */
export function refusalText(reason: Refusal, available: number, caseNo?: string | null): string {
  if ((reason === 'on_hold' || reason === 'quarantined') && caseNo)
    return t(`orderEditor.refusedCase.${reason}`, { case: caseNo });
  return t(`orderEditor.refused.${reason}`, { n: available });
}

/** The fields picked from a list. */
const CHOICES: readonly string[] = [
  'pr_id',
  'order_type',
  'to_goodstype',
  'temp_class',
  'from_city_id',
  'to_city_id',
];

/** Everything the schema and the form's own rules say, by dot path, in the user's language. */
export type Problems = ReadonlyMap<string, string>;

export interface CheckContext {
  locale: string;
  allowed: Allowed;
  now: Date;
  /** Per inventory line: what may be taken (the server's answer). */
  goods: ReadonlyMap<number, GoodsInfo>;
  /** Region ids known not to be served. */
  unserved: ReadonlySet<number>;
  /** Region ids known to be a province or a city, not a district (orders go to districts). */
  notDistricts?: ReadonlySet<number>;
}

/** What an empty goods or box list says: what to add and how, not "please fill in this field". */
function emptyList(form: EditorForm, path: string): string | null {
  if (path === 'goods' && !form.goods?.length) return t('orderEditor.goods.required');
  if (path === 'boxes' && !form.boxes?.length) return t('orderEditor.boxes.required');
  return null;
}

/**
 * Checks the form as the server will: the shared `OrderInput` schema (field messages in the
 * user's language), then the rules the schema cannot know (project configuration, quantities
 * within what is available, served regions, times).
 */
export function checkForm(
  form: EditorForm,
  context: CheckContext,
): { problems: Problems; output: OrderValue | null } {
  const result = validate(OrderInput, form, context.locale);
  const problems = new Map<string, string>();
  for (const [path, issue] of firstIssues(result.issues ?? [])) {
    // A choice not made yet: "please choose", not the list of values the wire takes.
    const unset = CHOICES.includes(path) && (form as Record<string, unknown>)[path] == null;
    problems.set(path, unset ? t('orderEditor.choose') : (emptyList(form, path) ?? issue.message));
  }
  const add = (path: string, message: string) => {
    if (!problems.has(path)) problems.set(path, message);
  };
  const { allowed } = context;
  if (form.pr_id) {
    if (form.order_type && !allowed.orderTypes.includes(form.order_type))
      add('order_type', t('orderEditor.pickFirst'));
    if (form.temp_class && !allowed.tempClasses.includes(form.temp_class))
      add('temp_class', t('orderEditor.pickFirst'));
  }
  (form.goods ?? []).forEach((line, i) => {
    const info = context.goods.get(line.in_id);
    const quantity = Number(line.quantity);
    if (info?.refused && info.refused !== 'not_enough')
      add(`goods.${i}.quantity`, refusalText(info.refused, info.available, info.case_no));
    if (info && Number.isFinite(quantity) && quantity > 0 && !fitsUnit(quantity, info.unit))
      add(`goods.${i}.quantity`, t('orderEditor.goods.whole', { unit: info.unit }));
    if (info && Number.isFinite(quantity) && quantity > info.available)
      add(`goods.${i}.quantity`, t('orderEditor.goods.tooMuch', { n: info.available }));
  });
  for (const side of ['from', 'to'] as const) {
    const city = form[`${side}_city_id`];
    if (city && context.notDistricts?.has(city)) add(`${side}_city_id`, t('orderEditor.region.pickDistrict'));
    if (city && context.unserved.has(city)) add(`${side}_city_id`, t('orderEditor.region.notServed'));
  }
  const pickup = form.pickup_at ? Date.parse(form.pickup_at) : Number.NaN;
  if (Number.isFinite(pickup) && pickup <= context.now.getTime())
    add('pickup_at', t('orderEditor.pickupFuture'));
  const deliver = form.deliver_by ? Date.parse(form.deliver_by) : Number.NaN;
  if (Number.isFinite(pickup) && Number.isFinite(deliver) && deliver <= pickup)
    add('deliver_by', t('orderEditor.deliverAfterPickup'));
  return { problems, output: problems.size === 0 && result.success ? (result.output as OrderValue) : null };
}

/**
 * The project's required document kinds the form has no upload of yet. Not a refusal: the order
 * can be made without them (its documents then read "missing" until they come), so the form
 * says it beside the uploads and on review.
 */
export function missingKinds(form: EditorForm, allowed: Allowed): string[] {
  const attached = (form.attachments ?? []).map((a) => a.kind as string);
  return allowed.requiredAttachments.filter((kind) => !attached.includes(kind));
}

/** A document kind's label (a kind the portal does not name shows as sent). */
export function kindLabel(kind: string): string {
  const key = `orderEditor.kind.${kind}`;
  const text = t(key as 'orderEditor.kind.other');
  return text === key ? kind : text;
}

/**
 * The request of a submit: the order, plus the edited order's id, version and the reason for the
 * change. No `draft_id`: the
 * server drops the draft of the form's Idempotency-Key itself, and a retry must send the very body
 * of the first try (a draft saved in between would make it another request).
 */
export function toRequest(
  output: OrderValue,
  target: { orderId: number | null; version: number | null; reason?: string },
): CreateOrderRequest {
  const request: CreateOrderRequest = { ...(output as v.InferInput<typeof OrderInput>) };
  if (target.orderId !== null && target.version !== null) {
    request.id = target.orderId;
    request.version = target.version;
    request.reason = target.reason?.trim() ?? '';
  }
  return request;
}
