/**
 * The mocha globals that @web/test-runner provides to browser tests (src/ui, src/features,
 * elements); typed here because the project does not install @types/mocha.
 */
declare global {
  interface MochaContext {
    timeout(ms: number): void;
  }
  type MochaFn = (this: MochaContext) => unknown;
  function describe(title: string, fn: (this: MochaContext) => void): void;
  function it(title: string, fn: MochaFn): void;
  function before(fn: MochaFn): void;
  function after(fn: MochaFn): void;
  function beforeEach(fn: MochaFn): void;
  function afterEach(fn: MochaFn): void;
}

export {};
