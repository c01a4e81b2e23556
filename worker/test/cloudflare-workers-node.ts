/**
 * `cloudflare:workers` for unit tests in Node, which only import the worker's entry to check its exports: the base
 * class the Durable Objects extend, keeping `ctx` and `env`. The objects themselves run in the workerd tests.
 */
export class DurableObject<E = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: E,
  ) {}
}

/** The base class the SYNC workflow extends, keeping `ctx` and `env`; its runs happen in the workerd tests. */
export class WorkflowEntrypoint<E = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: E,
  ) {}
}
