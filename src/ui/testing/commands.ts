import { commands, page } from 'vitest/browser';
import { WAIT_MS } from './wait.ts';

/**
 * What a browser test asks of the browser or of the test server beyond the page: the key presses
 * and mouse moves of a real user (Playwright's keyboard and mouse, not synthetic events), the
 * viewport, and the test server's commands (scripts/browser-test-api.mjs). The commands run in
 * vitest's Node process (vitest.config.ts `browser.commands`).
 */
export type SendKeysPayload = { press: string } | { type: string } | { down: string } | { up: string };

export interface SendMousePayload {
  type: 'move' | 'down' | 'up' | 'click';
  /** In CSS pixels of the test's page (its frame's offset is added by the command). */
  position?: [number, number];
  button?: 'left' | 'middle' | 'right';
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    lpServer: (command: string, payload?: unknown) => Promise<unknown>;
    lpKeys: (keys: SendKeysPayload) => Promise<void>;
    lpMouse: (payload: SendMousePayload) => Promise<void>;
    lpResetMouse: () => Promise<void>;
    lpClearCookies: () => Promise<void>;
  }
}

/** Presses (`Tab`, `Shift+Tab`), types, holds or releases keys, as a user does. */
export const sendKeys = (keys: SendKeysPayload): Promise<void> => commands.lpKeys(keys);

/** Moves, presses or releases the mouse at a point of the page. */
export const sendMouse = (payload: SendMousePayload): Promise<void> => commands.lpMouse(payload);

/** Releases the mouse and moves it to the page's corner. */
export const resetMouse = (): Promise<void> => commands.lpResetMouse();

/** Sizes the test's page (a phone at 375 × 800, a desktop at 1280 × 720). */
export const setViewport = async ({ width, height }: { width: number; height: number }): Promise<void> => {
  await page.viewport(width, height);
};

/** A command of the test server (scripts/browser-test-api.mjs), with its answer. */
export const executeServerCommand = <R, P = unknown>(command: string, payload?: P): Promise<R> =>
  commands.lpServer(command, payload) as Promise<R>;

/**
 * Resolves once `predicate` holds, trying every `interval` ms; rejects with `message` after
 * `timeout` ms (by default WAIT_MS of wait.ts, every 50 ms).
 */
export async function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message = 'waitUntil timed out',
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  const { interval = 50, timeout = WAIT_MS } = options;
  const until = performance.now() + timeout;
  for (;;) {
    if (await predicate()) return;
    if (performance.now() > until) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
