import type { IncomingMessage, ServerResponse } from 'node:http';

/** The real server of the browser tests (browser-test-api.mjs). */
export function realApi(): {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  executeCommand(call: { command: string; payload: unknown }): Promise<unknown>;
  middleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
};
