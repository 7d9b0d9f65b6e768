/**
 * The order domain's fixed vocabularies, shared by the server, the elements and the tests.
 * Labels live in the i18n catalogues; these are the values on the wire and in the database.
 */

/** Spec §4 statuses, in the order the list's tabs show them. */
export const ORDER_STATUSES = [
  'pending_approval',
  'pending_confirm',
  'not_finished',
  'finished',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['supply', 'sample', 'dtp', 'return', 'destroy', 'custom'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** 1 drug, 2 sample, 3 material. */
export const GOODS_TYPES = [1, 2, 3] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];

/** 0 not DTP; 1 DTP, the stop side is the patient; 3 DTP return, the start side is the patient. */
export const DTP_KINDS = [0, 1, 3] as const;
export type DtpKind = (typeof DTP_KINDS)[number];

export const TEMP_CLASSES = ['ambient', 'chilled', 'frozen', 'deep_frozen', 'cryo'] as const;
export type TempClass = (typeof TEMP_CLASSES)[number];

/** Each class's allowed range in °C (`null`: no bound on that side). */
export const TEMP_LIMITS: Readonly<Record<TempClass, { min: number | null; max: number | null }>> = {
  ambient: { min: 15, max: 25 },
  chilled: { min: 2, max: 8 },
  frozen: { min: -25, max: -15 },
  deep_frozen: { min: null, max: -60 },
  cryo: { min: null, max: -150 },
};

export const EXCURSION_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type ExcursionLevel = (typeof EXCURSION_LEVELS)[number];

/** The provider's milestones while an order is `not_finished`, in order. */
export const MILESTONES = [
  'none',
  'confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
] as const;
export type Milestone = (typeof MILESTONES)[number];

export const ATTACHMENT_KINDS = [
  'packing_list',
  'temperature_report',
  'pod',
  'customs',
  'print_scan',
  'other',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ATTACHMENT_STATES = ['pending', 'approved', 'rejected'] as const;
export type AttachmentState = (typeof ATTACHMENT_STATES)[number];

/** An order's documents as a whole: a required kind missing, any pending, any rejected, or all approved. */
export const ATTACHMENT_STATUSES = ['missing', 'pending', 'approved', 'rejected'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** Statuses in which the customer may still cancel, edit or merge an order. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending_approval', 'pending_confirm'];

/** An order number: `LP` + yyyymmdd + 6 digits. */
export const ORDER_NO = /^LP\d{8}\d{6}$/;
