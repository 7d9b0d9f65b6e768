import { local, readJson, writeJson } from '../../src/stores/storage.ts';

/** Where the launcher sits: its top-left corner in viewport pixels. */
export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** localStorage key of the place the user dragged the launcher to. */
export const POSITION_KEY = 'lp-chat-widget-position';
/** Pixels an arrow key moves the launcher (with Shift: `KEY_STEP_LARGE`). */
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;
/** A press that moves less than this is a click, not a drag. */
export const DRAG_THRESHOLD = 4;

/** Keeps a box of `size` at `point` inside the viewport (the top-left corner wins when it cannot fit). */
export function clampPoint(point: Point, size: Size, viewport: Size): Point {
  const maxX = Math.max(0, viewport.width - size.width);
  const maxY = Math.max(0, viewport.height - size.height);
  return {
    x: Math.round(Math.min(Math.max(0, point.x), maxX)),
    y: Math.round(Math.min(Math.max(0, point.y), maxY)),
  };
}

/** The arrow key's move, or null for any other key. */
export function keyStep(key: string, large: boolean): Point | null {
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}

/** The place the user dragged the launcher to, or null (never moved, unreadable). */
export function loadPoint(): Point | null {
  const value = readJson<unknown>(local, POSITION_KEY, null);
  if (value && typeof value === 'object') {
    const { x, y } = value as Record<string, unknown>;
    if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y))
      return { x, y };
  }
  return null;
}

export function savePoint(point: Point | null): void {
  if (point) writeJson(local, POSITION_KEY, point);
  else local.remove(POSITION_KEY);
}

/** The visible viewport (without scroll bars). */
export function viewport(): Size {
  const root = document.documentElement;
  return { width: root.clientWidth || window.innerWidth, height: window.innerHeight };
}
